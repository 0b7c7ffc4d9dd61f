import type { ComponentPropsWithRef, MouseEvent } from 'react';

type Variant = 'primary' | 'secondary' | 'link';

const variants: Record<Variant, string> = {
  primary:
    'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-300 disabled:text-slate-600 aria-disabled:bg-slate-300 aria-disabled:text-slate-600',
  secondary:
    'border border-brand-600 bg-white text-brand-700 hover:bg-brand-50 disabled:border-slate-300 disabled:text-slate-500 aria-disabled:border-slate-300 aria-disabled:bg-white aria-disabled:text-slate-500',
  link: 'text-brand-700 underline underline-offset-2 hover:text-brand-900 disabled:text-slate-500 aria-disabled:text-slate-500',
};

/**
 * A button at least 44 px tall (WCAG target size, thumb-friendly on phones). Its side padding
 * stays 20 px whatever the text size (in rem it was 40 px at 200 %, and a phone's large font had
 * no room left for 'Acompanhar'); it is never wider than its container, and a word longer than
 * the line breaks inside the button rather than spill out of it.
 *
 * `inactive`: unavailable for now (a choice still to be made, a sending under way), yet kept
 * focusable (aria-disabled): a dialog confirmed from it gives focus back to it, where a
 * disabled button would drop focus to the page while the work runs (WCAG 2.4.3).
 */
export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  inactive = false,
  onClick,
  ...props
}: ComponentPropsWithRef<'button'> & { variant?: Variant; inactive?: boolean }) {
  const box = variant === 'link' ? 'min-h-11 px-2' : 'min-h-11 rounded-md px-[20px] font-semibold';
  const ignore = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();
  return (
    <button
      type={type}
      aria-disabled={inactive || undefined}
      onClick={inactive ? ignore : onClick}
      className={`${box} max-w-full break-words ${variants[variant]} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed aria-disabled:cursor-not-allowed ${className}`}
      {...props}
    />
  );
}
