// When a link last changed in a way its owner can see (`Link.updatedAt`, set by a trigger; null
// until the first change): never before its save. Pure: the apps' API, the feeds and OPDS say it.
export function lastChangedAt(link: { createdAt: Date; updatedAt: Date | null }): Date {
  return link.updatedAt && link.updatedAt > link.createdAt ? link.updatedAt : link.createdAt;
}
