// @vitest-environment jsdom
/**
 * The operator's contact card (issue 26): the central, WhatsApp, e-mail and Ouvidoria as
 * links people can use, the ANS always beside them, and only the ANS when the read fails.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../../src/api/client';
import { storage } from '../../../src/storage';
import { OperatorContactCard } from '../../../src/views/layout/operator-contact';
import { OPERATOR_CONTACT as CONTACT } from '../support/operator-contact';

function answer(plan: string, status: number, body: unknown): string[] {
  const asked: string[] = [];
  storage.set('cdEmpresaPlano', plan);
  configureApi({
    fetch: (async (url: string) => {
      asked.push(String(url));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch,
  });
  return asked;
}

afterEach(cleanup);

describe('the operator contact card', () => {
  it("shows the plan's operator channels as tel:, wa.me and mailto: links, with the hours, and the ANS beside them", async () => {
    const asked = answer('7', 200, CONTACT);
    render(<OperatorContactCard />);
    const card = screen.getByTestId('operator-contact');
    expect(await within(card).findByRole('heading', { name: 'Fale com a operadora Vida Plena Saúde' })).toBeTruthy();
    expect(asked[0]).toContain('portabilidade/utils/contato?cdEmpresaPlano=7');
    expect(within(card).getByRole('link', { name: '0800 000 0001' }).getAttribute('href')).toBe('tel:08000000001');
    expect(
      within(card)
        .getByRole('link', { name: /\(85\) 99999-0001/ })
        .getAttribute('href'),
    ).toBe('https://wa.me/5585999990001');
    expect(within(card).getByRole('link', { name: CONTACT.email }).getAttribute('href')).toBe(`mailto:${CONTACT.email}`);
    expect(within(card).getByRole('link', { name: '0800 000 0101' }).getAttribute('href')).toBe('tel:08000000101');
    expect(card.textContent).toContain('(Segunda a sexta, das 8h às 20h)');
    expect(within(card).getByRole('link', { name: '0800 701 9656' }).getAttribute('href')).toBe('tel:08007019656');
    expect(card.textContent).toContain('Notificação de Intermediação Preliminar (NIP)');
  });

  it('shows the ANS alone, without an error, when the contact cannot be read', async () => {
    answer('8', 500, { message: 'Erro' });
    render(<OperatorContactCard compact />);
    const card = screen.getByTestId('footer-contact');
    expect(card.textContent).toContain('Fale com a operadora');
    expect(within(card).getByRole('link', { name: '0800 701 9656' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(card).queryByRole('link', { name: /0800 000/ })).toBeNull();
  });

  it('is one region in a screen that shows it in main and in the footer (status 4 and 5), not two of the same name', async () => {
    answer('7', 200, CONTACT);
    render(
      <>
        <main>
          <OperatorContactCard level={3} withAns={false} />
        </main>
        <footer>
          <OperatorContactCard compact />
        </footer>
      </>,
    );
    expect(await screen.findAllByText('Fale com a operadora Vida Plena Saúde')).toHaveLength(2);
    expect(screen.getAllByRole('region').map((region) => region.textContent?.slice(0, 37))).toEqual([
      'Fale com a operadora Vida Plena Saúde',
    ]);
  });
});
