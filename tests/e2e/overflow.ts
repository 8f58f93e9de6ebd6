// Text that does not fit its box: a label cut by its button ("キャンセル" read as "ンセル"), odds running past their
// button, a modal wider than the phone. Run in the page; answers one line per element that overflows.
import type { Page } from "playwright-core";

/**
 * Every visible element whose content is wider than its own box (more than 1 px), unless it is meant to scroll
 * sideways (overflow-x auto or scroll), and every element that reaches past the viewport's right or left edge. Inline
 * boxes have no width of their own and are judged through their block parent; screen-reader-only text (a 1 px clip) is
 * skipped. Each line names the element by tag, class, test id or text, with its widths.
 */
export async function overflowingElements(page: Page): Promise<string[]> {
  // tsx keeps function names with a `__name` helper the page lacks.
  await page.evaluate("self.__name ??= (f) => f");
  return page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs in the page: it must live inside evaluate
    const name = (el: Element) => {
      const id = el.getAttribute("data-testid");
      const cls =
        typeof el.className === "string" && el.className
          ? `.${el.className.trim().split(/\s+/).slice(0, 2).join(".")}`
          : "";
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${cls}${id ? `[data-testid=${id}]` : ""} "${text}"`;
    };
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs in the page: it must live inside evaluate
    const hidden = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.display === "none" || s.visibility === "hidden" || s.opacity === "0") return true;
        // A visually hidden label (the sr-only pattern) is meant to be clipped.
        if (s.position === "absolute" && e.clientWidth <= 1 && e.clientHeight <= 1) return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll("*")) {
      if (!(el instanceof HTMLElement)) continue;
      const style = getComputedStyle(el);
      if (style.display === "inline" || style.display === "contents" || style.display === "none") continue;
      if (["SCRIPT", "STYLE", "TEMPLATE", "BR", "OPTION"].includes(el.tagName)) continue;
      const rect = el.getBoundingClientRect();
      // A loading spinner is there for a moment; its label is read, not shown.
      if (rect.width === 0 || rect.height === 0 || el.getAttribute("role") === "status" || hidden(el)) continue;
      // A sideways scroller (a wide table's wrapper) is meant to hold more than it shows; a dialog is not.
      const scrolls =
        (style.overflowX === "auto" || style.overflowX === "scroll") && el.getAttribute("role") !== "dialog";
      // Inputs and selects keep their text inside and scroll it themselves.
      const field =
        el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
      if (!scrolls && !field && el.clientWidth > 1 && el.scrollWidth - el.clientWidth > 1) {
        out.push(`${name(el)} content ${el.scrollWidth}px in ${el.clientWidth}px`);
        continue;
      }
      // Content pushed out on the start side cannot be scrolled to (a flex row's first button cut to "ンセル"),
      // and content past a box that clips is cut: both are measured against the nearest box that is not visible.
      let box: HTMLElement | null = el.parentElement;
      while (box && box !== document.body && getComputedStyle(box).overflowX === "visible") box = box.parentElement;
      // Past a box's edge, only what a player reads counts: a decorative picture may be cropped on purpose.
      const reads =
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /\S/.test(n.textContent ?? "")) ||
        el instanceof HTMLButtonElement;
      if (style.position === "fixed" || !reads) continue;
      if (!box || box === document.body) {
        if (rect.right > width + 1 || rect.left < -1)
          out.push(`${name(el)} reaches ${Math.round(rect.left)}–${Math.round(rect.right)}px of ${width}px`);
        continue;
      }
      const outer = box.getBoundingClientRect();
      const clips = getComputedStyle(box).overflowX === "hidden" || getComputedStyle(box).overflowX === "clip";
      const left = outer.left + box.clientLeft;
      const right = left + box.clientWidth;
      if ((box.scrollLeft === 0 && rect.left < left - 1) || (clips && rect.right > right + 1)) {
        out.push(
          `${name(el)} at ${Math.round(rect.left)}–${Math.round(rect.right)}px, outside ${name(box)} (${Math.round(left)}–${Math.round(right)}px)`,
        );
      }
    }
    return out;
  });
}
