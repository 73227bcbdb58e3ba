// WCAG AA contrast over a rendered page: every visible text's colour
// against the background it is drawn on (the nearest ancestors' background
// colours, blended), 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold).
// The board canvas's own colour (its coordinates) is checked the same way.
// The ratio is computed here, so the tests need no package of their own.

/** The contrast ratio of two sRGB colours `[r, g, b]` (0 to 255), 1 to 21. */
export function contrastRatio(a, b) {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The relative luminance of an sRGB colour (WCAG 2). */
export function luminance(rgb) {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The texts on `page` below AA: `[{ text, where, fg, bg, ratio, need }]`.
 * Text over a picture (a background image, or a canvas other than the
 * board's coordinates) cannot be measured this way and is skipped, and so
 * is a disabled control's, which WCAG exempts.
 */
export async function contrastProblems(page) {
  const samples = await page.evaluate(() => {
    const parse = (c) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [r, g, b, a];
    };
    const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3]));
    // The colour behind `el`: its own and its ancestors' backgrounds, blended
    // from the page down; null over a picture.
    const behind = (el) => {
      const layers = [];
      for (let e = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.backgroundImage !== "none") return null;
        const bg = parse(style.backgroundColor);
        if (bg && bg[3] > 0) layers.push(bg);
        if (bg && bg[3] === 1) break;
      }
      return layers.reverse().reduce((acc, l) => over(l, acc), [255, 255, 255]);
    };
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== "hidden" && Number(style.opacity) > 0 && el.closest("[hidden]") === null;
    };
    const out = [];
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const el = node.parentElement;
      if (!el || seen.has(el) || node.textContent.trim() === "" || !shown(el)) continue;
      // WCAG exempts inactive controls: a disabled button's faded label.
      if (el.closest("script, style, noscript, option, :disabled")) continue;
      seen.add(el);
      out.push({ el, text: node.textContent.trim().slice(0, 60) });
    }
    const board = document.querySelector("#board");
    if (board && shown(board)) out.push({ el: board, text: "(board coordinates)" });
    return out
      .map(({ el, text }) => {
        const style = getComputedStyle(el);
        const isSvg = el instanceof SVGElement;
        const fg = parse(isSvg ? style.fill : style.color);
        // A faded element (opacity below 1) fades its text into what is behind.
        for (let e = el; fg && e; e = e.parentElement) fg[3] *= Number(getComputedStyle(e).opacity);
        const bg = behind(isSvg ? el.closest("svg") : el);
        if (!fg || !bg) return null;
        const size = parseFloat(style.fontSize);
        const bold = Number(style.fontWeight) >= 700;
        const where = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(" ").join(".")}` : ""}`;
        return { text, where, fg: over(fg, bg), bg, large: size >= 24 || (bold && size >= 18.66) };
      })
      .filter(Boolean);
  });
  return samples
    .map((s) => ({ ...s, ratio: contrastRatio(s.fg, s.bg), need: s.large ? 3 : 4.5 }))
    .filter((s) => s.ratio < s.need)
    .map(({ text, where, fg, bg, ratio, need }) => ({ text, where, fg: fg.map(Math.round), bg: bg.map(Math.round), ratio: Math.round(ratio * 100) / 100, need }));
}
