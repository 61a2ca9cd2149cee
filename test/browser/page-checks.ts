// What browser tests share: launching Chromium, signing in through the outbox (the mail may be written a moment after the
// code request is answered), axe with no violation at all, and full-page screenshots at desktop and phone width that
// fail when something is wider than the screen.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { latestCode } from '../accounts/flows.ts';

export const WIDTHS = [1280, 390] as const;

/** Debian's Chromium, which CI installs when it is missing (.ci/run). */
const CHROMIUM = '/usr/bin/chromium';

/** Headless Chromium without sandbox, GPU or background traffic, as every browser test drives it. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get update && apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The code of the newest verification mail to `email`, waiting (bounded, polling) for the mail to be in the outbox:
 * the code request may be answered before the mail is written. A file still being written reads as no mail yet.
 */
export async function awaitCode(dataDir: string, email: string, limitMs = 20_000): Promise<string> {
  const until = Date.now() + limitMs;
  for (;;) {
    try {
      return await latestCode(dataDir, email);
    } catch (error) {
      if (Date.now() > until) throw new Error(`no verification mail to ${email} in the outbox after ${limitMs} ms`, { cause: error });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs in on the dashboard at `url` with the emailed code; the API keys view shows. */
export async function signIn(page: Page, url: string, dataDir: string, email: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const code = page.getByLabel('Code');
  await code.waitFor();
  await code.fill(await awaitCode(dataDir, email));
  await code.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
}

/** Opens a view from the navigation; its heading shows. */
export async function openView(page: Page, title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: title }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/** axe finds no violation, of any impact, on the page as it is now. */
export async function noAxeViolations(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${state}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    state,
  ).toEqual([]);
}

/** The page saved at each width (full page) into `folder`, the paths printed; back at desktop width afterwards. */
export async function screenshots(page: Page, folder: string, state: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Settled when the document is no wider than the viewport. (A function, not a string: the page's policy forbids
    // evaluating strings; the project compiles without the DOM library, hence `globalThis`.)
    const settled = await page
      .waitForFunction((w) => (globalThis as any).document.documentElement.scrollWidth <= w, width, { timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (!settled) {
      const wide = await page.evaluate((w) => {
        const doc = (globalThis as any).document;
        return [...doc.querySelectorAll('body *')]
          .filter((el: any) => el.getBoundingClientRect().right > w + 0.5)
          .map((el: any) => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)} px)`)
          .slice(0, 10);
      }, width);
      expect.fail(`${state} at ${width} px is wider than the screen: ${wide.join(', ')}`);
    }
    const path = join(folder, `${state}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    console.log(`screenshot: ${path}`);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
}

/** The text of an element as the browser laid it out: one string per line, the characters in reading order. */
export function renderedLines(element: Locator): Promise<string[]> {
  return element.evaluate((root: any) => {
    const doc = (globalThis as any).document;
    const walker = doc.createTreeWalker(root, 4 /* text nodes */);
    const lines: { top: number; text: string }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i++) {
        const range = doc.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        const last = lines[lines.length - 1];
        if (last && Math.abs(rect.top - last.top) < rect.height / 2) last.text += node.data[i];
        else lines.push({ top: rect.top, text: node.data[i] });
      }
    }
    return lines.map((line) => line.text);
  });
}

/** Whether the element lies within the page's width as it is now, from its left edge to its right. */
export async function withinWidth(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5;
}
