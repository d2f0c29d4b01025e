/**
 * Page objects for the playground e2e tests. Typing into the command editor: on wide screens it
 * is Monaco, so wait for `data-ready="true"`, click it, select all and use
 * `keyboard.insertText` (which bypasses Monaco's auto-closing of brackets); on narrow screens it
 * is a plain <textarea> and `fill` works.
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export class Playground {
  constructor(readonly page: Page) {}

  async open(path = '/'): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByTestId('engine-status')).toHaveAttribute('data-state', 'ready');
  }

  get editor(): Locator {
    return this.page.getByTestId('command-editor');
  }

  async setCommand(text: string): Promise<void> {
    const editor = this.editor;
    await expect(editor).toHaveAttribute('data-ready', 'true');
    if ((await editor.getAttribute('data-editor')) === 'textarea') {
      await editor.fill(text);
      return;
    }
    await editor.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(text);
  }

  /** The command as the store holds it (what autosave and share use). */
  command(): Promise<string> {
    return this.page.evaluate(() => window.__playground?.store.getState().command ?? '');
  }

  async run(): Promise<void> {
    await this.page.getByTestId('run-button').click();
    await expect(this.page.getByTestId('result-kind')).toContainText('committed');
  }

  async waitForPreview(): Promise<void> {
    await expect(this.page.getByTestId('result-kind')).toContainText('preview');
  }

  get collections(): Locator {
    return this.page.getByTestId('collection-pane');
  }
  get documents(): Locator {
    return this.collections.getByTestId('document');
  }
  get diff(): Locator {
    return this.page.getByTestId('diff-pane');
  }
  get result(): Locator {
    return this.page.getByTestId('result-pane');
  }
  async oplog(): Promise<Locator> {
    await this.page.getByTestId('tab.oplog').click();
    return this.page.getByTestId('oplog-pane');
  }
}

export const test = base.extend<{ playground: Playground }>({
  playground: async ({ page }, use) => {
    await use(new Playground(page));
  },
});

export { expect };
