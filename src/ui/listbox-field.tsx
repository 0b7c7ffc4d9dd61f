/**
 * The portal's dropdown (select-field.tsx): Headless
 * UI's Listbox, so a choice commits only on purpose
 * (DESIGN §6). On the closed control the arrow keys, Enter and Space open the list; in the
 * list the arrows and typing only move the highlight; Enter, a click or a tap chooses;
 * Escape leaves the choice as it was. A native <select> would commit on ArrowDown, and
 * some choices have consequences (a collective contract type opens the HR modal).
 *
 * It looks like a field you can change (white, with a chevron), never like the grey of a
 * read-only field. SPEC §3: option values are uppercased.
 */
import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';

import { PLACEHOLDER, SelectButtonFace, selectButtonClass, type SelectFieldProps } from './select-parts';
import { FieldError } from './field-error';
import { LabelText, RequiredMark } from './field-label';

export function ListboxField({
  id,
  label,
  value,
  options,
  onChange,
  error,
  disabled,
  className = '',
  requirement,
  labelAddon,
  describedBy,
}: SelectFieldProps) {
  const items = [
    { label: PLACEHOLDER, value: '' },
    ...options.map((option) => ({ label: option.label, value: option.value.toUpperCase() })),
  ];
  const chosen = items.find((item) => item.value === value);
  const errorId = `${id}-erro`;
  // A button takes no aria-required: the requirement is said in its description instead.
  const requiredId = `${id}-obrigatorio`;
  const describers = [requirement === 'required' ? requiredId : undefined, describedBy, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  // Headless UI writes the button's aria-describedby from its own <Description>s (none here)
  // over the one given to it: ours is set on the element after each render instead (React
  // leaves alone an attribute it never rendered). Without it a screen reader hears neither
  // the error, nor "Campo obrigatório", nor the field's help.
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (describers) button.current?.setAttribute('aria-describedby', describers);
    else button.current?.removeAttribute('aria-describedby');
  });
  return (
    <Field className={`min-w-0 ${className}`} disabled={disabled}>
      <div className={`relative flex flex-wrap items-center gap-2 ${labelAddon === undefined ? '' : 'min-h-8'}`}>
        <Label className="block text-sm font-medium text-slate-800">
          <LabelText label={label} requirement={requirement} />
        </Label>
        <RequiredMark requirement={requirement} />
        {labelAddon}
      </div>
      {requirement === 'required' && (
        <span id={requiredId} className="sr-only">
          Campo obrigatório
        </span>
      )}
      <Listbox value={value} onChange={(next: string) => onChange(next.toUpperCase())} invalid={Boolean(error)}>
        <ListboxButton
          ref={button}
          id={id}
          aria-invalid={error ? true : undefined}
          className={`${selectButtonClass(Boolean(error))} py-2`}
          // Headless UI gives Enter to the form (a native select's way); the control is announced
          // as a button, and Enter is what people press on one: it opens the list, as a click does.
          onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            event.currentTarget.click();
          }}
        >
          <SelectButtonFace text={chosen?.label} />
        </ListboxButton>
        {/* As wide as its options (at least its button) from the first frame: sized by the
            button's width alone, the list was painted as wide as nothing before that width was
            measured, too tall for the room below, above its button, then jumped below it away
            from a finger on its way (a tap then chose nothing). */}
        <ListboxOptions
          anchor={{ to: 'bottom start', gap: 4, padding: 8 }}
          className="z-20 w-max min-w-(--button-width) max-w-[calc(100vw-1rem)] rounded-md border border-slate-300 bg-white py-1 text-base shadow-lg focus:outline-none"
        >
          {items.map((item) => (
            <ListboxOption
              key={item.value}
              value={item.value}
              className="flex min-h-11 cursor-pointer items-center px-3 text-slate-900 data-focus:bg-brand-50 data-focus:text-brand-900 data-selected:font-semibold"
            >
              {item.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
      <FieldError id={errorId} message={error} />
    </Field>
  );
}
