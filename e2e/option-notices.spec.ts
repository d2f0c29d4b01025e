/** Options with no effect: no error (as mongosh and the driver), a notice with "did you mean" and a warning on the token. */
import { expect, test } from './fixtures.js';

test('upsert: "true" runs without upsert; the page says why and marks "true"', async ({ playground, page }) => {
  await playground.open();
  const command = 'db.students.updateOne({_id: 99}, {$set: {age: 1}}, {upsert: "true"})';
  await playground.setCommand(command);
  await playground.waitForPreview();
  const statement = playground.result.getByTestId('result-statement');
  await expect(statement.getByTestId('error-pane')).toHaveCount(0);
  await expect(statement).toContainText('upsertedCount: 0');
  const notice = statement.getByTestId('option-notice');
  await expect(notice).toContainText('"true" (a string) was not sent');
  await expect(notice.getByTestId('notice-suggestion')).toHaveText(
    'Write upsert: true or upsert: false, without quotes.',
  );
  const marker = page.getByTestId('editor-marker');
  const column = command.indexOf('"true"') + 1;
  await expect(marker).toHaveAttribute('data-severity', 'warning');
  await expect(marker).toHaveAttribute('data-column', String(column));
  await expect(marker).toHaveAttribute('data-end-column', String(column + '"true"'.length));
  await expect(marker).toContainText('Write upsert: true or upsert: false');
  await expect(playground.diff.getByTestId('diff-upsert')).toHaveCount(0);
});

test('arrayFilter: the server error, and a notice that suggests arrayFilters on the option name', async ({
  playground,
  page,
}) => {
  await playground.open();
  const command = 'db.students.updateOne({_id: 1}, {$set: {"grades.$[g]": 100}}, {arrayFilter: [{g: {$gte: 90}}]})';
  await playground.setCommand(command);
  await playground.waitForPreview();
  const statement = playground.result.getByTestId('result-statement');
  await expect(statement.getByTestId('error-code')).toHaveText('code 2');
  const notice = statement.getByTestId('option-notice');
  await expect(notice).toContainText('arrayFilter is not an option of updateOne');
  await expect(notice.getByTestId('notice-suggestion')).toHaveText('Did you mean arrayFilters?');
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/option-notice-${w}.png` });
  }
});
