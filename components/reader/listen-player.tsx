"use client";

import { Headphones, Pause, Play, SkipBack, SkipForward, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { clearMark, markSentence, readerParagraphs } from "@/components/reader/listen-text";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { readStored, writeStored } from "@/lib/client/reader-size";
import {
  clampPosition,
  formatPosition,
  LISTEN_RATES,
  type ListenPosition,
  nextParagraph,
  nextSentence,
  parsePosition,
  parseRate,
  previousParagraph,
  START,
} from "@/lib/listen/position";
import { buildScript, type Paragraph } from "@/lib/listen/script";

// Listen: the article read aloud by the browser's own speech synthesis, one sentence per utterance
// (docs/decisions/0344). Pausing cancels the speech and playing again restarts the sentence: pause()
// and resume() are unreliable across browsers and voices. The position is remembered per article in
// this browser, the speed for every article.

const RATE_KEY = "linkstash-listen-rate";
const positionKey = (linkId: string) => `linkstash-listen-position:${linkId}`;

type Text = { script: Paragraph[]; elements: HTMLElement[] };

function readText(lang: string | undefined): Text {
  const root = document.querySelector<HTMLElement>(".reader-content");
  const blocks = root ? readerParagraphs(root) : [];
  // Paragraphs whose text has no sentence are left out of both, so their indexes stay aligned.
  const elements = blocks.filter((element) => buildScript([element.textContent ?? ""], lang).length > 0);
  return {
    script: buildScript(
      elements.map((element) => element.textContent ?? ""),
      lang,
    ),
    elements,
  };
}

export function ListenPlayer({ linkId, lang }: { linkId: string; lang: string | undefined }) {
  const [supported] = useState(() => "speechSynthesis" in window && "SpeechSynthesisUtterance" in window);
  const [open, setOpen] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState<ListenPosition>(START);
  const [paragraphs, setParagraphs] = useState(0);
  const [rate, setRate] = useState(() => parseRate(readStored(RATE_KEY)));
  const [failure, setFailure] = useState<string | null>(null);
  const textRef = useRef<Text | null>(null);
  // Each utterance carries the number it was spoken under: events of one cancelled since are ignored.
  const turnRef = useRef(0);
  const rateRef = useRef(rate);
  // The next sentence is spoken from an utterance's end event, through this (set once rendered).
  const speakRef = useRef<(at: ListenPosition) => void>(() => undefined);
  const speedId = useId();

  const text = useCallback(() => {
    textRef.current ??= readText(lang);
    return textRef.current;
  }, [lang]);

  const moveTo = useCallback(
    (at: ListenPosition) => {
      setPosition(at);
      writeStored(positionKey(linkId), formatPosition(at));
    },
    [linkId],
  );

  const stopSpeaking = useCallback(() => {
    turnRef.current += 1;
    window.speechSynthesis.cancel();
  }, []);

  const speak = useCallback(
    (at: ListenPosition) => {
      const { script, elements } = text();
      const here = clampPosition(script, at);
      const sentence = script[here.paragraph]?.sentences[here.sentence];
      const element = elements[here.paragraph];
      stopSpeaking();
      if (!sentence || !element) return;
      const turn = turnRef.current;
      const utterance = new SpeechSynthesisUtterance(sentence.text);
      if (lang) utterance.lang = lang;
      utterance.rate = rateRef.current;
      utterance.addEventListener("end", () => {
        if (turn !== turnRef.current) return;
        const next = nextSentence(script, here);
        if (next) {
          speakRef.current(next);
          return;
        }
        // The end of the article: next time starts from the top.
        clearMark();
        setPlaying(false);
        setPosition(START);
        writeStored(positionKey(linkId), formatPosition(START));
      });
      utterance.addEventListener("error", (event) => {
        if (turn !== turnRef.current || event.error === "interrupted" || event.error === "canceled") return;
        setPlaying(false);
        setFailure("This browser could not read the article aloud (it has no voice for it).");
      });
      // Marked as it is handed to the voice, with the position: the two never disagree (a mark moved
      // on the utterance's start event lagged the position by the voice's latency).
      moveTo(here);
      markSentence(element, sentence.start, sentence.end);
      setPlaying(true);
      setFailure(null);
      window.speechSynthesis.speak(utterance);
    },
    [lang, linkId, moveTo, stopSpeaking, text],
  );

  useEffect(() => {
    speakRef.current = speak;
  }, [speak]);

  // Leaving the page stops the voice (it would go on reading a page no longer shown).
  useEffect(
    () => () => {
      if (!supported) return;
      turnRef.current += 1;
      window.speechSynthesis.cancel();
      clearMark();
    },
    [supported],
  );

  if (!supported) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <Button type="button" variant="outline" size="sm" disabled>
          <Headphones aria-hidden="true" />
          Listen
        </Button>
        <span>Listening is not available in this browser.</span>
      </div>
    );
  }

  const start = () => {
    const { script } = text();
    setParagraphs(script.length);
    setOpen(true);
    if (script.length === 0) {
      setFailure("There is no text to read aloud.");
      return;
    }
    speak(clampPosition(script, parsePosition(readStored(positionKey(linkId))) ?? START));
  };

  if (!open) {
    return (
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={start}>
        <Headphones aria-hidden="true" />
        Listen
      </Button>
    );
  }

  const pause = () => {
    stopSpeaking();
    setPlaying(false);
  };
  const skip = (to: ListenPosition) => {
    if (playing) speak(to);
    else {
      moveTo(to);
      const { script, elements } = text();
      const sentence = script[to.paragraph]?.sentences[to.sentence];
      const element = elements[to.paragraph];
      if (sentence && element) markSentence(element, sentence.start, sentence.end);
    }
  };
  const close = () => {
    stopSpeaking();
    clearMark();
    setPlaying(false);
    setOpen(false);
  };

  return (
    // Sticks just under the app's own sticky header (4 rem), not behind it.
    <section
      aria-label="Listen"
      data-listen-state={playing ? "playing" : "paused"}
      className="sticky top-[4.5rem] z-10 grid gap-2 rounded-lg border bg-background/95 p-2 shadow-sm backdrop-blur"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Previous paragraph"
          title="Previous paragraph"
          onClick={() => skip(previousParagraph(text().script, position))}
        >
          <SkipBack aria-hidden="true" />
        </Button>
        <Button
          type="button"
          size="sm"
          className="min-w-24"
          onClick={() => (playing ? pause() : speak(position))}
          disabled={paragraphs === 0}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {playing ? "Pause" : "Play"}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Next paragraph"
          title="Next paragraph"
          onClick={() => skip(nextParagraph(text().script, position))}
        >
          <SkipForward aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="ml-auto"
          aria-label="Stop listening"
          title="Stop listening"
          onClick={close}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {failure ? (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">{`Paragraph ${position.paragraph + 1} of ${paragraphs}`}</p>
        )}
        <div className="flex items-center gap-2">
          <label htmlFor={speedId} className="text-sm text-muted-foreground">
            Speed
          </label>
          <div className="w-24">
            <NativeSelect
              id={speedId}
              value={String(rate)}
              onChange={(event) => {
                const next = parseRate(event.target.value);
                setRate(next);
                rateRef.current = next;
                writeStored(RATE_KEY, String(next));
                // The new speed from the sentence being read.
                if (playing) speak(position);
              }}
            >
              {LISTEN_RATES.map((option) => (
                <option key={option} value={String(option)}>
                  {`${option}×`}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </div>
    </section>
  );
}
