// The extension pages' elements, found by id and checked for their kind (a missing one is a bug).

export function byId<T extends HTMLElement>(id: string, kind: new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof kind)) throw new Error(`#${id} is missing or not a ${kind.name}`);
  return element;
}
