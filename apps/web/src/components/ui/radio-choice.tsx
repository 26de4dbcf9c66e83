import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type RadioChoiceProps = { name: string; checked: boolean; onChange: () => void; className?: string; children: ReactNode };

/**
 * One option of a segmented choice that looks like a button: a native radio, so arrow keys move
 * within the group and assistive technology hears a radio, laid invisibly over its label.
 */
export function RadioChoice({ name, checked, onChange, className, children }: RadioChoiceProps) {
  return (
    <label className={cn('relative text-center has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand', className)}>
      <input type="radio" name={name} checked={checked} onChange={onChange} className="absolute inset-0 size-full opacity-0" />
      {children}
    </label>
  );
}
