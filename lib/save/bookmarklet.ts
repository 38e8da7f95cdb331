// Pure: the bookmarklet offered on the dashboard. Run on any page, it opens a small window on this
// site's /save with the page's address, title and selected text, so the user never leaves the page.
// The selection and the title are cut so the whole address stays well under URL length limits.
// It carries the user's save key (lib/save/save-key.ts): /save saves at once only for that key.

export const MAX_SELECTION_LENGTH = 2000;
export const MAX_BOOKMARKLET_TITLE_LENGTH = 300;
export const SAVE_WINDOW_NAME = "linkstash-save";

export function bookmarkletSource(origin: string, saveKey: string): string {
  return [
    "(()=>{",
    `const u=new URL("/save",${JSON.stringify(origin)});`,
    `u.searchParams.set("key",${JSON.stringify(saveKey)});`,
    `const s=String(window.getSelection()||"").trim().slice(0,${MAX_SELECTION_LENGTH});`,
    'u.searchParams.set("url",location.href);',
    `u.searchParams.set("title",document.title.slice(0,${MAX_BOOKMARKLET_TITLE_LENGTH}));`,
    'if(s)u.searchParams.set("text",s);',
    `window.open(u.href,${JSON.stringify(SAVE_WINDOW_NAME)},"popup,width=440,height=560");`,
    "})()",
  ].join("");
}

/** The `javascript:` address to drag to the bookmarks bar. */
export function bookmarkletHref(origin: string, saveKey: string): string {
  return `javascript:${encodeURI(bookmarkletSource(origin, saveKey))}`;
}
