// @vitest-environment jsdom
/**
 * The radio group that commits only on purpose (src/ui/choice-group.tsx), by keyboard: one
 * Tab stop, wherever the arrows left focus, so Tab always leaves the group (found by a
 * keyboard-only run: the chosen option kept the Tab stop while another had focus).
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { ChoiceGroup } from '../../src/ui/choice-group';

afterEach(cleanup);

function renderGroup(value: 'S' | 'N' | null) {
  const onConfirm = vi.fn();
  render(
    <>
      <button type="button">antes</button>
      <ChoiceGroup
        label="Sua confirmação"
        value={value}
        options={[
          { value: 'S', label: 'Estou de acordo' },
          { value: 'N', label: 'Não aceito' },
        ]}
        onConfirm={onConfirm}
      />
      <button type="button">depois</button>
    </>,
  );
  return onConfirm;
}

it('leaves the group with Tab from whichever option the arrows reached, and comes back to the chosen one', async () => {
  const user = userEvent.setup();
  const onConfirm = renderGroup('N');
  await user.click(screen.getByRole('button', { name: 'antes' }));
  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Não aceito' }));
  await user.keyboard('{ArrowUp}');
  expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Estou de acordo' }));
  expect(onConfirm).not.toHaveBeenCalled();
  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'depois' }));
  await user.tab({ shift: true });
  expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Não aceito' }));
  expect(screen.getAllByRole('radio').filter((radio) => radio.tabIndex === 0)).toHaveLength(1);
});
