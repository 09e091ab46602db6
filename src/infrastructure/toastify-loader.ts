import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { ToastApi } from './toastify-notifier.adapter';

/** Spec §9 "Library toast: auto-close 5 s, top-right, drag-to-dismiss at 80 percent". */
const CONTAINER_PROPS = {
  position: 'top-right',
  autoClose: 5000,
  draggable: true,
  draggablePercent: 80,
  // Spec §4 "A maximum number is shown with a waiting queue": the library queues beyond `limit`.
  limit: 3,
  newestOnTop: false,
  closeOnClick: true,
  pauseOnFocusLoss: true,
  pauseOnHover: true,
} as const;

/**
 * Loads react-toastify on demand (React itself is in the entry chunk already) and mounts its
 * container in a root of its own, so no view has to render it and the library never enters the entry chunk. Alt+T focuses
 * the toasts and Escape resumes them — the library's own keyboard handling (spec §2).
 */
export async function loadToastify(host: Document): Promise<ToastApi> {
  const { ToastContainer, toast } = await import('react-toastify');
  const element = host.createElement('div');
  element.setAttribute('data-role', 'toasts');
  host.body.append(element);
  createRoot(element).render(createElement(ToastContainer, CONTAINER_PROPS));
  return {
    show: (message, options) => {
      toast(message, options);
    },
    update: (id, options) => toast.update(id, options),
    dismiss: (id) => (id === undefined ? toast.dismiss() : toast.dismiss(id)),
  };
}
