// What an embedded video becomes in a stored article (decision 0401): the reader keeps no frames,
// so a link to the video's own page stands where the player was, named by the frame's title.
// Plain JavaScript: it runs in the extractor child process.

/**
 * Players Readability keeps (its videos pattern), with the page a reader opens for each video.
 * @type {{ hosts: string[]; site: string; page: (url: URL) => string | null }[]}
 */
const PLAYERS = [
  {
    hosts: ["youtube.com", "youtube-nocookie.com"],
    site: "YouTube",
    page: (url) => {
      const id = /^\/embed\/([\w-]+)/.exec(url.pathname)?.[1];
      return id ? `https://www.youtube.com/watch?v=${id}` : null;
    },
  },
  {
    hosts: ["player.vimeo.com"],
    site: "Vimeo",
    page: (url) => {
      const id = /^\/video\/(\d+)/.exec(url.pathname)?.[1];
      return id ? `https://vimeo.com/${id}` : null;
    },
  },
  {
    hosts: ["dailymotion.com"],
    site: "Dailymotion",
    page: (url) => {
      const id = /^\/embed\/video\/(\w+)/.exec(url.pathname)?.[1];
      return id ? `https://www.dailymotion.com/video/${id}` : null;
    },
  },
  { hosts: ["player.twitch.tv"], site: "Twitch", page: () => null },
  { hosts: ["v.qq.com"], site: "Tencent Video", page: () => null },
  { hosts: ["archive.org"], site: "the Internet Archive", page: () => null },
  { hosts: ["upload.wikimedia.org"], site: "Wikimedia Commons", page: () => null },
  { hosts: ["player.bilibili.com"], site: "Bilibili", page: () => null },
];

// Titles players give every frame, which name no video.
const GENERIC_TITLES = new Set([
  "youtube video player",
  "vimeo video player",
  "video player",
  "video",
  "embedded video",
]);

/** @param {URL} url */
function playerOf(url) {
  const host = url.hostname.replace(/^www\./, "");
  return PLAYERS.find((player) => player.hosts.some((known) => host === known || host.endsWith(`.${known}`)));
}

/**
 * The link that stands for a frame whose `src` (resolved against `baseUrl`) plays a video of a known
 * site: `{ href, text }`, the video's own page (else the player's https address) and "Video: <title>
 * (<site>)"; null for any other frame, which is dropped as before.
 * @param {string | undefined} src
 * @param {string | undefined} title
 * @param {string} baseUrl
 * @returns {{ href: string; text: string } | null}
 */
export function videoLink(src, title, baseUrl) {
  if (!src) return null;
  let url;
  try {
    url = new URL(src.trim(), baseUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const player = playerOf(url);
  if (!player) return null;
  url.protocol = "https:";
  const href = player.page(url) ?? url.href;
  const name = (title ?? "").replace(/\s+/g, " ").trim();
  const named = name !== "" && !GENERIC_TITLES.has(name.toLowerCase());
  return { href, text: named ? `Video: ${name} (${player.site})` : `Video on ${player.site}` };
}
