// Types of video-embeds.mjs (plain JavaScript, shared with the extractor child process).

export declare function videoLink(
  src: string | undefined,
  title: string | undefined,
  baseUrl: string,
): { href: string; text: string } | null;
