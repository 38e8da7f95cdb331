import { describe, expect, it } from "vitest";
import { videoLink } from "./video-embeds.mjs";

const BASE = "https://news.example/story";

describe("videoLink", () => {
  it("links a YouTube player, cookie-less or not, to the video's watch page, named by its title", () => {
    expect(videoLink("https://www.youtube.com/embed/LtOGa5M8AuU?rel=0", "How tides work", BASE)).toEqual({
      href: "https://www.youtube.com/watch?v=LtOGa5M8AuU",
      text: "Video: How tides work (YouTube)",
    });
    expect(videoLink("https://www.youtube-nocookie.com/embed/LtOGa5M8AuU", undefined, BASE)).toEqual({
      href: "https://www.youtube.com/watch?v=LtOGa5M8AuU",
      text: "Video on YouTube",
    });
  });

  it("links Vimeo and Dailymotion players to the video's page, a protocol-relative address included", () => {
    expect(videoLink("https://player.vimeo.com/video/32246206?color=ffffff", "", BASE)?.href).toBe(
      "https://vimeo.com/32246206",
    );
    expect(videoLink("//www.dailymotion.com/embed/video/x2p552m?syndication=131181", undefined, BASE)).toEqual({
      href: "https://www.dailymotion.com/video/x2p552m",
      text: "Video on Dailymotion",
    });
  });

  it("keeps a known player's own address, over https, where it has no video page", () => {
    expect(videoLink("http://player.twitch.tv/?channel=tides", undefined, BASE)?.href).toBe(
      "https://player.twitch.tv/?channel=tides",
    );
  });

  it("ignores the titles players give every frame", () => {
    expect(videoLink("https://www.youtube.com/embed/abc", "YouTube video player", BASE)?.text).toBe("Video on YouTube");
  });

  it("gives nothing for other frames, other schemes or no address", () => {
    expect(videoLink("https://ads.example/frame", "Ad", BASE)).toBeNull();
    expect(videoLink("https://youtube.com.evil.example/embed/abc", undefined, BASE)).toBeNull();
    expect(videoLink("javascript:alert(1)", undefined, BASE)).toBeNull();
    expect(videoLink(undefined, undefined, BASE)).toBeNull();
    expect(videoLink("http://[broken", undefined, BASE)).toBeNull();
  });
});
