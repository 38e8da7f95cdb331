import { appendFileSync, cpSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LaunchOptions } from "@playwright/test";
import config from "../../playwright.config";

// Chromium on Linux speaks through speech-dispatcher (Debian's speech-dispatcher and
// speech-dispatcher-espeak-ng packages), and only when started with --enable-speech-dispatcher:
// without it speechSynthesis has no voice and every utterance fails with "synthesis-failed". The
// dispatcher Chromium starts plays through PulseAudio by default, which a test machine does not run
// ("Couldn't open pulse plugin", and an utterance that starts and never ends), so these browsers get
// a configuration of their own: ALSA's null device, a sink that discards the sound. Its own runtime
// directory gives it its own socket, never a dispatcher someone else started.

function speechDispatcherHome(): { config: string; runtime: string } {
  const root = mkdtempSync(path.join(tmpdir(), "linkstash-speech-"));
  const config = path.join(root, "config");
  const runtime = path.join(root, "runtime");
  mkdirSync(runtime, { mode: 0o700 });
  cpSync("/etc/speech-dispatcher", path.join(config, "speech-dispatcher"), { recursive: true });
  appendFileSync(
    path.join(config, "speech-dispatcher", "speechd.conf"),
    '\nAudioOutputMethod "alsa"\nAudioALSADevice "null"\n',
  );
  return { config, runtime };
}

/** Launch options for a browser whose speechSynthesis speaks (into a silent sink). */
export function speakingBrowser(): LaunchOptions {
  const home = speechDispatcherHome();
  const base = config.use?.launchOptions ?? {};
  return {
    ...base,
    args: [...(base.args ?? []), "--enable-speech-dispatcher"],
    env: { ...process.env, XDG_CONFIG_HOME: home.config, XDG_RUNTIME_DIR: home.runtime },
  };
}
