import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../../src/ui/components/modal';

afterEach(cleanup);

function renderModal(props: Partial<Parameters<typeof Modal>[0]> = {}) {
  const onClose = vi.fn();
  const utils = render(
    <>
      <button type="button">Открыть</button>
      <Modal title="Консультация" onClose={onClose} {...props}>
        <input aria-label="Телефон" />
        <button type="submit">Отправить</button>
      </Modal>
    </>,
  );
  return { onClose, ...utils };
}

describe('Modal', () => {
  it('is a modal dialog labelled by its title', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Консультация' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
  });

  it('moves focus to the first field inside on open', () => {
    renderModal();
    expect(document.activeElement).toBe(screen.getByLabelText('Телефон'));
  });

  it('traps Tab and Shift+Tab inside the dialog', () => {
    renderModal();
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Закрыть' });
    const submit = screen.getByRole('button', { name: 'Отправить' });
    submit.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(submit);
  });

  it('asks to close on Escape, on a backdrop press and with the close button', () => {
    const { onClose } = renderModal();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    const backdrop = screen.getByRole('dialog').parentElement;
    if (!backdrop) throw new Error('no backdrop');
    fireEvent.mouseDown(backdrop);
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.mouseDown(screen.getByLabelText('Телефон'));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('disables the close button while sending', () => {
    const { onClose } = renderModal({ closeDisabled: true });
    const close = screen.getByRole('button', { name: 'Закрыть' }) as HTMLButtonElement;
    expect(close.disabled).toBe(true);
    fireEvent.click(close);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('locks body scroll while open and restores it and the focus on unmount', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    document.body.style.overflow = 'auto';
    const { unmount } = renderModal();
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('auto');
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('marks the closing state for the 260 ms animation', () => {
    renderModal({ closing: true });
    expect(screen.getByRole('dialog').parentElement?.dataset.state).toBe('closing');
  });
});
