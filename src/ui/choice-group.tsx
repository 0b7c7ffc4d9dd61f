/**
 * A radio group whose choice commits only on purpose: the arrow keys move focus between the
 * options and change nothing; Enter, Space, a click or a tap confirms the focused option.
 * For choices with consequences (a locked acknowledgement), where the usual radio — and
 * Headless UI's RadioGroup — select on every arrow key (WCAG 3.2.2 On Input).
 *
 * A confirmed option may be locked (`disabled`): it stays plainly chosen (a filled brand dot,
 * not a greyed one) and, when it is the choice, stays in the Tab order so it can be read.
 */
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

export interface ChoiceOption<V extends string> {
  value: V;
  label: string;
  /** One sentence under the label: what choosing it means (read with the option). */
  description?: string;
  disabled?: boolean;
}

interface ChoiceGroupProps<V extends string> {
  label: string;
  /** How to choose, read with the group (and shown under its label). */
  hint?: string;
  value: V | null;
  options: ReadonlyArray<ChoiceOption<V>>;
  onConfirm: (value: V) => void;
}

const MOVES: Record<string, 1 | -1> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

export function ChoiceGroup<V extends string>({ label, hint, value, options, onConfirm }: ChoiceGroupProps<V>) {
  const id = useId();
  const refs = useRef<Array<HTMLDivElement | null>>([]);
  const enabled = options.map((option, index) => (option.disabled ? -1 : index)).filter((index) => index >= 0);
  const checked = options.findIndex((option) => option.value === value);
  // One Tab stop: inside the group, the option with focus (the arrows move focus, not the
  // choice, so Tab from any option leaves the group); from outside, the chosen option, else
  // the first that can be chosen.
  const [focused, setFocused] = useState<number | null>(null);
  const tabStop = focused ?? (checked >= 0 ? checked : (enabled[0] ?? -1));
  const leaveGroup = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
  };

  const confirm = (option: ChoiceOption<V>) => {
    if (!option.disabled && option.value !== value) onConfirm(option.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      // Only among the options that can still be chosen, plus the one holding focus.
      const stops = [...new Set([...enabled, index])].sort((a, b) => a - b);
      const next = stops[(stops.indexOf(index) + move + stops.length) % stops.length]!;
      refs.current[next]?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      confirm(options[index]!);
    }
  };

  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-describedby={hint ? `${id}-hint` : undefined}
      onBlur={leaveGroup}
      className="space-y-1"
    >
      <p id={`${id}-label`} className="font-semibold text-slate-800">
        {label}
      </p>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      {options.map((option, index) => {
        const isChecked = index === checked;
        return (
          <div
            key={option.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            role="radio"
            aria-checked={isChecked}
            aria-disabled={option.disabled || undefined}
            aria-labelledby={`${id}-${index}`}
            aria-describedby={option.description ? `${id}-${index}-description` : undefined}
            tabIndex={index === tabStop ? 0 : -1}
            onClick={() => confirm(option)}
            onFocus={() => setFocused(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`group flex min-h-11 items-center gap-3 rounded-md px-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${option.disabled ? 'cursor-default' : 'cursor-pointer'}`}
          >
            <span
              aria-hidden="true"
              className={`grid size-6 shrink-0 place-items-center rounded-full border-2 ${isChecked ? 'border-brand-600' : option.disabled ? 'border-slate-400' : 'border-slate-600 group-hover:border-brand-600'}`}
            >
              {/* In forced colors a background is dropped: the dot keeps the text's colour, so the chosen option still shows. */}
              {isChecked && <span className="size-3 rounded-full bg-brand-600 forced-color-adjust-none forced-colors:bg-[CanvasText]" />}
            </span>
            <span className="min-w-0">
              <span
                id={`${id}-${index}`}
                className={`block ${isChecked ? 'font-semibold text-slate-900' : option.disabled ? 'text-slate-600' : 'text-slate-800'}`}
              >
                {option.label}
              </span>
              {option.description && (
                <span id={`${id}-${index}-description`} className="block text-sm text-slate-700">
                  {option.description}
                </span>
              )}
            </span>
          </div>
        );
      })}
    </div>
  );
}
