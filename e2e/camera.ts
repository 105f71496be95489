import { test as base } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';

/**
 * Tests that need a camera launch their own Chromium with the group's camera flags (Playwright
 * keeps one browser per worker, and launch options cannot change inside a group).
 */
export const test = base.extend<{ cameraFlags: string[] }>({
  cameraFlags: [[], { option: true }],
  page: async ({ playwright, baseURL, permissions, cameraFlags }, use) => {
    const browser = await playwright.chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...chromiumArgs, ...cameraFlags] });
    const context = await browser.newContext({ baseURL, permissions });
    await use(await context.newPage());
    await browser.close();
  },
});

/** Chromium's fake camera, playing `file` (a Y4M video) when given. */
export const fakeCamera = (file?: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  ...(file ? [`--use-file-for-fake-video-capture=${file}`] : []),
];
