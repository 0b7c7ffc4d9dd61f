/**
 * The receipt (issue 25 item 6), end to end: a request filed through the wizard with two
 * dependents and two documents; its receipt downloaded from the protocol modal and again from
 * the tracking screen, each read as text (unpdf) and found to hold the protocol, every
 * dependent and every document; and the protocol modal printed to PDF, one page with the
 * protocol and what to keep on it — not the blank page the print rule used to give.
 */
import { expect, test, type Download, type Page } from './support/test';
import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  DESTINATION,
  choose,
  currentStep,
  expectNoAxeViolations,
  field,
  next,
  sendReviewed,
  startNewRequest,
  typeMasked,
  uniqueIds,
} from './support/portal';
import { trackFromHome } from './support/tracking';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/MediaBox[0 0 72 72]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const DEPENDENTS = ['João Conceição Teste', 'Luísa Teste'];
const DOCUMENTS = [
  { type: 'RG (documento de identidade)', file: { name: 'rg-titular.pdf', mimeType: 'application/pdf', buffer: PDF } },
  { type: 'Comprovante de residência', file: { name: 'conta-de-luz.png', mimeType: 'image/png', buffer: PNG } },
];

/** A PDF's text, every run of spaces and line breaks as one space (where a line wraps is layout). */
async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const { text, totalPages } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

async function downloadedText(download: Download): Promise<string> {
  const path = await download.path();
  return (await pdfText(new Uint8Array(await readFile(path)))).text;
}

/** The five steps, by hand: two dependents on step 4, two documents on step 5. */
async function fileThroughWizard(page: Page, nome: string) {
  await field(page, 'Nome do beneficiário').fill(nome.toLowerCase());
  await field(page, 'Nome da mãe').fill('Ana Teste');
  await typeMasked(page, 'Data de nascimento', '15031985');
  await typeMasked(page, 'CPF', '52998224725');
  await typeMasked(page, 'Celular', '85988887777');
  await field(page, 'Email').fill('maria@example.com');
  await typeMasked(page, 'CEP', '60000000');
  await field(page, 'UF').selectOption('CE');
  await field(page, 'Cidade').fill('Fortaleza');
  await field(page, 'Endereço').fill('Rua A');
  await field(page, 'Número').fill('10');
  await field(page, 'Bairro').fill('Centro');
  await next(page).click();
  await field(page, 'Nome da operadora').fill('Operadora Origem');
  await field(page, 'Registro ANS da operadora').fill('123456');
  await field(page, 'Nome do plano').fill('Plano Origem');
  await field(page, 'Registro ANS do plano').fill('654321');
  await field(page, 'Abrangência').fill('Nacional');
  await typeMasked(page, 'Data de início', '01022020');
  await choose(page, 'Titularidade', 'TITULAR');
  await next(page).click();
  await field(page, 'Registro ANS do plano de destino').fill(DESTINATION.registry);
  await expect(field(page, 'Nome do plano de destino')).toHaveValue(DESTINATION.name);
  await choose(page, 'Titularidade', 'TITULAR');
  await choose(page, 'Tipo de contratação', 'INDIVIDUAL/FAMILIAR');
  await next(page).click();
  await expect(currentStep(page)).toContainText('Dependentes');
  for (const name of DEPENDENTS) {
    await page.getByRole('button', { name: 'Incluir dependente' }).click();
    await field(page, 'Nome do dependente').fill(name);
    await field(page, 'Parentesco com o titular').selectOption('Filho(a)');
    await field(page, 'Nome da mãe do dependente').fill('Maria Teste');
    await typeMasked(page, 'Data de nascimento do dependente', '10102015');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Dependentes incluídos' })).toContainText(name.toUpperCase());
  }
  await next(page).click();
  await expect(currentStep(page)).toContainText('Documentos');
  for (const { type, file } of DOCUMENTS) {
    await choose(page, 'Tipo de documento', type);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Anexar arquivo' }).click();
    await (await chooser).setFiles(file);
  }
  await expect(page.getByRole('table', { name: 'Documentos anexados' }).locator('tbody tr')).toHaveCount(2);
  await sendReviewed(page);
}

function expectWholeReceipt(text: string, protocolo: string, nome: string) {
  expect(text).toContain('Comprovante de Solicitação de Portabilidade');
  expect(text).toContain(`Protocolo: ${protocolo}`);
  expect(text).toContain(nome);
  expect(text).toContain('***.982.247-**');
  for (const name of DEPENDENTS) expect(text).toContain(name.toUpperCase());
  for (const { type, file } of DOCUMENTS) expect(text).toContain(`${type}: ${file.name}`);
  expect(text).toContain('Próximos passos e prazos');
}

test('the receipt downloads from the protocol modal and from tracking with every dependent and document; the modal prints on one clean page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { protocoloAns, nome } = uniqueIds();
  await startNewRequest(page, protocoloAns);
  await fileThroughWizard(page, nome);

  const modal = page.getByRole('dialog', { name: 'O número do protocolo da sua solicitação é' });
  await expect(modal).toBeVisible();
  const protocolo = (await page.getByTestId('protocolo-gerado').textContent())!.replace(/\s/g, '');
  expect(protocolo).toMatch(/^\d{20}$/);
  await expectNoAxeViolations(page, 'protocol modal with the receipt');

  // From the modal, right after filing.
  const fromModal = page.waitForEvent('download');
  // By keyboard: focus stays on the button while it works and after (it was disabled, and focus fell to the page).
  const modalReceipt = modal.getByRole('button', { name: 'Baixar comprovante (PDF)' });
  await modalReceipt.focus();
  await page.keyboard.press('Enter');
  await expect(modalReceipt).toBeFocused();
  const modalDownload = await fromModal;
  await expect(modalReceipt).toBeFocused();
  expect(modalDownload.suggestedFilename()).toBe('comprovante-portabilidade.pdf');
  expectWholeReceipt(await downloadedText(modalDownload), protocolo, nome);
  await expect(modal).toBeVisible();

  // 'Imprimir/Salvar PDF' prints with the print media: the modal's content, one page, none of the screen behind.
  await page.emulateMedia({ media: 'print' });
  const printed = await pdfText(new Uint8Array(await page.pdf({ format: 'A4' })));
  await page.emulateMedia({ media: 'screen' });
  expect(printed.pages).toBe(1);
  expect(printed.text).toContain('O número do protocolo da sua solicitação é');
  // Printed as shown: in groups of four (issue 27 item 7).
  expect(printed.text.replace(/\s/g, '')).toContain(protocolo);
  expect(printed.text).toContain('Guarde este número para acompanhar a sua solicitação');
  expect(printed.text).not.toContain('Nova Solicitação');
  expect(printed.text).not.toContain('Baixar comprovante');
  expect(printed.text).not.toContain('Imprimir/Salvar PDF');

  // From tracking, later.
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/#\/home\/1$/);
  await trackFromHome(page, protocolo);
  const receipt = page.getByRole('button', { name: 'Baixar comprovante (PDF)' });
  await expect(receipt).toBeVisible();
  const fromTracking = page.waitForEvent('download');
  await receipt.click();
  const trackingDownload = await fromTracking;
  expect(trackingDownload.suggestedFilename()).toBe('comprovante-portabilidade.pdf');
  expectWholeReceipt(await downloadedText(trackingDownload), protocolo, nome);
  await expectNoAxeViolations(page, 'tracking with the receipt');
});
