// A lesson's banner at the table ("Learn to play": the server's `tutorial` part of a state):
// where the lesson stands, what this step teaches and why in the lesson's words, what to do now
// (the board highlights that one thing alone; another click is answered with the lesson's
// friendly line), the rule it teaches (opens the rules panel), and at the end its closing words.
// The words can be folded away; "Now: …" always stays in view.
import { useEffect, useState } from "preact/hooks";
import { html } from "./api.js";
import { t } from "./i18n.js";
import { openRules } from "./rules.js";

function Paragraphs({ text, testid }) {
  if (!text) return null;
  return html`<div class="lesson-words" data-testid=${testid}>
    ${String(text).split(/\n\s*\n/).map((p, i) => html`<p key=${i}>${p}</p>`)}</div>`;
}

/**
 * @param {{part: object, held: boolean, myTurn: boolean}} props (`part`: the state's `tutorial`;
 *   `held`: the learner's choice waits to be revealed)
 */
export function LessonBanner({ part, held, myTurn }) {
  const [folded, setFolded] = useState(false);
  const [closed, setClosed] = useState(false);
  const [introOpen, setIntroOpen] = useState(true);
  useEffect(() => setFolded(false), [part && part.index]);
  if (!part || closed) return null;
  const texts = {
    step: t("Lesson, step {n} of {total}", { n: part.index, total: part.steps }),
    over: t("The lesson is over"),
    playOn: t("Play on"),
    about: t("About this game"),
    fold: t("Hide the lesson's words"),
    unfold: t("Show the lesson's words"),
    waiting: t("The others are playing: the lesson goes on at your next decision."),
    reveal: t("Your choice waits until you reveal it: press Reveal."),
    off: t("The game went another way than the lesson planned: from here on, choose as you like."),
    single: t("There is only one choice here."),
    rule: t("Read the rule"),
  };
  if (part.done) {
    return html`
      <section class="lesson done" data-testid="lesson" data-done="1" aria-label=${part.title}>
        <h2 class="lesson-head">${texts.over}</h2>
        <${Paragraphs} text=${part.outro} testid="lesson-outro" />
        <button type="button" class="primary" data-testid="lesson-close" onClick=${() => setClosed(true)}>${texts.playOn}</button>
      </section>`;
  }
  const now = held ? texts.reveal
    : !myTurn ? texts.waiting
    : part.off_track ? texts.off
    : t("Now: {what}", { what: part.what });
  return html`
    <section class="lesson" data-testid="lesson" data-index=${part.index} aria-label=${part.title}>
      <div class="lesson-top">
        <h2 class="lesson-head" data-testid="lesson-step">${texts.step}</h2>
        <button type="button" class="small quiet" data-testid="lesson-fold" aria-expanded=${folded ? "false" : "true"}
          onClick=${() => setFolded(!folded)}>${folded ? texts.unfold : texts.fold}</button>
      </div>
      ${!folded && part.index === 1 && html`
        <details class="lesson-intro" open=${introOpen} onToggle=${(e) => setIntroOpen(e.currentTarget.open)}>
          <summary>${texts.about}</summary>
          <${Paragraphs} text=${part.intro} testid="lesson-intro" />
        </details>`}
      ${!folded && (part.words ? html`<${Paragraphs} text=${part.words} testid="lesson-words" />`
        : html`<p class="lesson-words" data-testid="lesson-words">${texts.single}</p>`)}
      <p class="lesson-now" data-testid="lesson-now" role="status">
        <b>${now}</b>
        ${part.rule && part.rule.section && html` <button type="button" class="link lesson-rule" data-testid="lesson-rule"
          data-section=${part.rule.section} onClick=${(e) => openRules(part.rule.section, e.currentTarget)}>
          ${texts.rule}: ${part.rule.title}</button>`}
      </p>
    </section>`;
}
