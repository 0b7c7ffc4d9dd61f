/**
 * "Esqueci meu protocolo" (issue 26) in Chromium against the reference server: the demo
 * request's CPF and birth date get the same answer as an unknown CPF, the demo request's
 * e-mail lands in the outbox (listed by the backoffice), and the 6th try for one CPF within
 * the hour is braked.
 */
import { expect, test, type Page } from './support/test';
import { backoffice, expectAccessible } from './support/tracking';

/** The first demo request (README, "Demo data"): CPF 529.982.247-25, born 15/04/1985, plan 1. */
const DEMO = { cpf: '52998224725', dtNascimento: '15/04/1985', protocolo: '48213907561238470015', email: 'beneficiario@example.com' };

/** A valid CPF nobody filed with: a fresh one per run, so the CPF's hourly brake starts at zero. */
function freshCpf(): string {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  base[0] = 9; // never all the same digit
  const digit = (digits: number[]) => {
    const sum = digits.reduce((total, value, index) => total + value * (digits.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}

const form = (page: Page) => page.getByTestId('forgot-protocol');

async function askFor(page: Page, cpf: string, dtNascimento: string) {
  await page.getByRole('button', { name: 'Esqueci meu protocolo', exact: true }).click();
  await form(page).getByLabel('CPF do beneficiário', { exact: true }).fill(cpf);
  await form(page).getByLabel('Data de nascimento', { exact: true }).fill(dtNascimento);
  await form(page).getByRole('button', { name: 'Enviar protocolo', exact: true }).click();
}

async function answerTo(page: Page, cpf: string, dtNascimento: string): Promise<string> {
  await askFor(page, cpf, dtNascimento);
  const answer = form(page).getByRole('status');
  await expect(answer).toBeVisible();
  const text = (await answer.textContent()) ?? '';
  await form(page).getByRole('button', { name: 'Fechar', exact: true }).click();
  return text;
}

test.describe('Esqueci meu protocolo', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the demo CPF and birth date get the same answer as an unknown CPF, no protocol on screen, and the demo e-mail is in the outbox', async ({
    page,
  }) => {
    await page.goto('/#/home/1');
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
    const known = await answerTo(page, DEMO.cpf, DEMO.dtNascimento);
    const unknown = await answerTo(page, freshCpf(), DEMO.dtNascimento);
    expect(known).toContain('Se houver uma solicitação com estes dados, enviamos o número do protocolo');
    expect(unknown).toBe(known);
    await expect(page.locator('body')).not.toContainText(DEMO.protocolo);
    const outbox = (await backoffice('outbox')) as unknown as Array<{ nuProtocolo: string; canal: string; destinatario: string }>;
    expect(outbox.find((row) => row.nuProtocolo === DEMO.protocolo && row.canal === 'email')?.destinatario).toBe(DEMO.email);
    await askFor(page, '', '');
    await expect(form(page).getByText('Informe o CPF do beneficiário.')).toBeVisible();
    // Refused on the form: the first field to correct takes focus.
    await expect(form(page).getByLabel('CPF do beneficiário', { exact: true })).toBeFocused();
    await expectAccessible(page, 'esqueci meu protocolo, fields refused');
  });

  test('the birth date is typed and checked as in the wizard, and focus is never left on the page (found by an exploratory run)', async ({
    page,
  }) => {
    await page.goto('/#/home/1');
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
    const opener = page.getByRole('button', { name: 'Esqueci meu protocolo', exact: true });
    await opener.click();
    const date = form(page).getByLabel('Data de nascimento', { exact: true });
    // Digits only, as on a phone's number pad: the wizard's mask puts the slashes.
    await date.pressSequentially('15031985');
    await expect(date).toHaveValue('15/03/1985');
    // Typed with its slashes, as people write a date: a one-digit day and month are padded.
    await date.clear();
    await date.pressSequentially('1/3/1960');
    await expect(date).toHaveValue('01/03/1960');
    await date.clear();
    await date.pressSequentially('15031985');
    // A date no one is born on never costs one of the hourly tries.
    let asked = 0;
    await page.route('**/portabilidade/protocolo/lembrete', async (route) => {
      asked += 1;
      await route.continue();
    });
    await form(page).getByLabel('CPF do beneficiário', { exact: true }).fill(freshCpf());
    for (const impossible of ['31/02/1985', '15/03/2099']) {
      await date.fill(impossible);
      await form(page).getByRole('button', { name: 'Enviar protocolo', exact: true }).click();
      // Said as it appears (focus may not move: sent with Enter from the field, it stays there).
      await expect(form(page).getByRole('alert').filter({ hasText: 'Data inválida: confira o dia, o mês e o ano.' })).toBeVisible();
      await expect(date).toBeFocused();
    }
    expect(asked).toBe(0);
    // 'Cancelar' gives focus back to the link that opens the form.
    await form(page).getByRole('button', { name: 'Cancelar', exact: true }).click();
    await expect(opener).toBeFocused();
    // A try that fails: focus on 'Enviar protocolo', which tries again.
    await page.unroute('**/portabilidade/protocolo/lembrete');
    await page.route('**/portabilidade/protocolo/lembrete', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'Muitos pedidos.' }) }),
    );
    await askFor(page, freshCpf(), '01/01/1990');
    await expect(form(page).getByRole('alert')).toHaveText('Muitos pedidos.');
    await expect(form(page).getByRole('button', { name: 'Enviar protocolo', exact: true })).toBeFocused();
  });

  test("keys typed in its form stay there when home's protocol step arrives after it (its own chunk, on a slow link; found by a CI run on a busy machine)", async ({
    page,
  }) => {
    await page.route(/\/assets\/protocol-step-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/#/home/1');
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
    await page.getByRole('button', { name: 'Esqueci meu protocolo', exact: true }).click();
    const date = form(page).getByLabel('Data de nascimento', { exact: true });
    // Typed at a person's pace while the protocol step is still on its way.
    await date.pressSequentially('15031985', { delay: 300 });
    await expect(page.getByLabel('Digite o protocolo', { exact: true })).toHaveValue('');
    await expect(date).toHaveValue('15/03/1985');
    await expect(date).toBeFocused();
  });

  test('the 6th try for one CPF within the hour is braked, and says so', async ({ page }) => {
    const cpf = freshCpf();
    await page.goto('/#/home/1');
    await page.getByRole('button', { name: 'Acompanhar Solicitação' }).click();
    for (let index = 0; index < 5; index += 1) {
      expect(await answerTo(page, cpf, '01/01/1990')).toContain('Se houver uma solicitação com estes dados');
    }
    await askFor(page, cpf, '01/01/1990');
    await expect(form(page).getByRole('alert')).toHaveText('Muitos pedidos de protocolo para este CPF. Aguarde 1 hora e tente novamente.');
    await expectAccessible(page, 'esqueci meu protocolo, braked');
  });
});
