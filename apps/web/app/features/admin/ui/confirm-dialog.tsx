import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { Modal } from './modal';

export interface ConfirmRequest {
  title?: string;
  /** What will happen, naming what is lost (Polaris' rule for destructive actions). */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destructive actions get a red confirm button. */
  tone?: 'danger' | 'default';
}

type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Holds the back office's confirmation dialog; `useConfirm()` asks and resolves true or false. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setRequest(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setRequest(null);
  };

  const danger = (request?.tone ?? 'danger') === 'danger';
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {request ? (
        <Modal
          size="sm"
          title={request.title ?? (danger ? t('admin.confirm.delete_title') : t('admin.confirm.title'))}
          onClose={() => answer(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => answer(false)}>
                {request.cancelLabel ?? t('admin.confirm.keep')}
              </Button>
              <Button autoFocus variant={danger ? 'danger' : 'primary'} onClick={() => answer(true)}>
                {request.confirmLabel ?? t('admin.confirm.delete')}
              </Button>
            </>
          }
        >
          <div className="text-stone-700">{request.message}</div>
        </Modal>
      ) : null}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside ConfirmProvider');
  return confirm;
}
