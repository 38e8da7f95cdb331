// Keyboard focus when the control that had it goes away (a deleted list entry takes its own delete
// button with it): the same place in the list, else the list's heading, so a keyboard or screen
// reader user goes on from where they were instead of from the top of the page.

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex='-1'])";

function focusHeading(heading: Element | null | undefined): void {
  if (!(heading instanceof HTMLElement)) return;
  // A heading is not focusable by default; -1 lets a script focus it without adding a tab stop.
  heading.tabIndex = -1;
  heading.focus();
}

/**
 * Remembers where `control` sits (its list entry, that entry's position, its section) and returns a
 * function that, once the list has changed, gives focus back: to `control` while it is still there,
 * else to the control of the same name in the entry now at that position (or the one before it),
 * else to that entry's first control, else to the section's heading. Focus the user has since moved
 * elsewhere is left alone, unless `force` (a dialog closing hands focus back whatever holds it).
 */
export function rememberFocusPlace(control: Element | null): (options?: { force?: boolean }) => void {
  if (!(control instanceof HTMLElement)) return () => undefined;
  const item = control.closest("li");
  const list = item?.parentElement ?? null;
  const index = item && list ? Array.from(list.children).indexOf(item) : -1;
  const name = control.getAttribute("aria-label");
  const section = control.closest("section");

  return ({ force = false } = {}) => {
    const active = document.activeElement;
    const lost = force || active === null || active === document.body || active === control;
    if (!lost) return;
    if (control.isConnected && !control.matches(":disabled")) {
      if (active !== control) control.focus();
      return;
    }
    const entries = list?.isConnected ? Array.from(list.children) : [];
    const entry = entries[Math.min(index, entries.length - 1)];
    if (entry) {
      const sameName = name ? entry.querySelector(`[aria-label="${CSS.escape(name)}"]`) : null;
      const target = sameName instanceof HTMLElement ? sameName : entry.querySelector(FOCUSABLE);
      if (target instanceof HTMLElement) {
        target.focus();
        return;
      }
    }
    focusHeading(section?.isConnected ? section.querySelector("h2, h3") : document.querySelector("main h1"));
  };
}

/** Runs `restore` once React has committed the list's new state. */
export function afterRender(restore: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(restore));
}
