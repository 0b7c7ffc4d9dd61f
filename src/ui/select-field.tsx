/**
 * The portal's dropdown: Headless UI's Listbox (listbox-field.tsx), so a choice commits only on
 * purpose. Part of the screen's own code (issue 27 item 7): the control works from the moment
 * its step appears, never a disabled stand-in while a chunk loads.
 */
export { ListboxField as SelectField } from './listbox-field';
export { PLACEHOLDER, SelectButtonFace, selectButtonClass, type SelectFieldProps, type SelectOptionItem } from './select-parts';
