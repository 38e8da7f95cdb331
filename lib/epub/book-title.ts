// What a book is called and what its title page says it holds, from what selected its links.

export type BookSelection = {
  category?: string;
  search?: string;
  unread?: boolean;
  favorites?: boolean;
  linkTitle?: string;
};

export function bookTitle(selection: BookSelection): { title: string; description: string } {
  if (selection.linkTitle !== undefined) return { title: selection.linkTitle, description: "A link you saved" };
  const parts: string[] = [];
  if (selection.unread) parts.push("Unread");
  if (selection.favorites) parts.push("Favorites");
  if (selection.category) parts.push(selection.category);
  if (selection.search) parts.push(`“${selection.search}”`);
  const description = parts.length === 0 ? "All your links" : `Your links: ${parts.join(", ")}`;
  return { title: `LinkStash: ${parts.length === 0 ? "all links" : parts.join(", ")}`, description };
}
