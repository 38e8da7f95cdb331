// What must never survive in a stored article (decision 0260), found by its markup.

/** Whatever markup a stored article has, none of it may run or leak. */
export function unsafeParts(html: string): string[] {
  const found: string[] = [];
  if (
    /<\s*(script|style|iframe|frame|form|input|button|object|embed|svg|template|link|meta|base|annotation-xml)\b/i.test(
      html,
    )
  )
    found.push("dangerous element");
  if (/\son[a-z]+\s*=/i.test(html)) found.push("event handler");
  if (/(href|src)\s*=\s*"\s*(javascript|data|vbscript):/i.test(html)) found.push("script or data URL");
  if (/\sstyle\s*=/i.test(html)) found.push("inline style");
  if (/\sxlink:/i.test(html)) found.push("xlink attribute");
  for (const image of html.match(/<img\b[^>]*>/gi) ?? []) {
    if (!image.includes('loading="lazy"') || !image.includes('referrerpolicy="no-referrer"')) found.push(image);
  }
  return found;
}
