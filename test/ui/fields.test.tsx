import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxField } from '../../src/ui/components/checkbox-field';
import { FileField } from '../../src/ui/components/file-field';
import { describedBy, TextField } from '../../src/ui/components/text-field';
import { MESSAGE_MAX_LENGTH, TextareaField } from '../../src/ui/components/textarea-field';

afterEach(cleanup);

function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

describe('TextField', () => {
  it('is labelled, and an error marks it invalid and describes it', () => {
    render(<TextField label="Телефон" error="Неверный формат телефона" hint="Например, +7 900 000-00-00" />);
    const field = screen.getByRole('textbox', { name: 'Телефон' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field)).toBe('Например, +7 900 000-00-00 | Неверный формат телефона');
    expect(screen.getByRole('alert').textContent).toBe('Неверный формат телефона');
  });

  it('is not invalid without an error', () => {
    render(<TextField label="Email" error={null} />);
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    expect(field.hasAttribute('aria-describedby')).toBe(false);
  });

  it('joins only present ids', () => {
    expect(describedBy('a', false, null, undefined, '', 'b')).toBe('a b');
    expect(describedBy(false, undefined)).toBeUndefined();
  });
});

describe('TextareaField', () => {
  it('counts characters against the 500 limit and stops typing there', () => {
    render(<TextareaField label="Комментарий" value="Нужен диван" onChange={() => {}} />);
    const field = screen.getByRole('textbox', { name: 'Комментарий' });
    expect(MESSAGE_MAX_LENGTH).toBe(500);
    expect(field.getAttribute('maxlength')).toBe('500');
    expect(descriptionOf(field)).toBe('11 / 500');
  });

  it('marks a value over the limit invalid', () => {
    render(<TextareaField label="Сообщение" value={'я'.repeat(501)} onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Сообщение' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('501 / 500')).toBeTruthy();
  });
});

describe('CheckboxField', () => {
  it('is labelled and shows its error', () => {
    render(<CheckboxField label="Согласен с правилами" defaultChecked error="Вам нужно принять правила" />);
    const box = screen.getByRole('checkbox', { name: 'Согласен с правилами' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(box)).toBe('Вам нужно принять правила');
  });
});

describe('FileField', () => {
  it('hands over the chosen file, or null when the choice is cleared', () => {
    const onFileChange = vi.fn();
    render(
      <FileField
        label="Прикрепить файл"
        accept="image/jpeg,image/png,image/webp,application/pdf"
        error="Размер файла не должен превышать 5 МБ."
        onFileChange={onFileChange}
      />,
    );
    const input = screen.getByLabelText('Прикрепить файл') as HTMLInputElement;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input)).toBe('Размер файла не должен превышать 5 МБ.');
    const file = new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.change(input, { target: { files: [] } });
    expect(onFileChange.mock.calls).toEqual([[file], [null]]);
  });

  it('shows the chosen file name', () => {
    render(<FileField label="Файл" fileName="plan.pdf" onFileChange={() => {}} />);
    expect(screen.getByText('plan.pdf')).toBeTruthy();
  });
});
