import { StrokeIcon as Icon, type IconProps } from '../../components/ui/icons';
import type { OrderStatus } from '@shop/shared';

const paths: Record<'received' | 'preparing' | 'delivering' | 'done' | 'stopped', React.ReactNode> = {
  // A receipt with a clock hand: the order is in and waiting.
  received: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  // A parcel being packed.
  preparing: (
    <>
      <path d="M3.5 7.5L12 3.5l8.5 4v9L12 20.5l-8.5-4z" />
      <path d="M3.5 7.5L12 11.5l8.5-4M12 11.5v9" />
    </>
  ),
  // A delivery van.
  delivering: (
    <>
      <path d="M2.5 6.5h11v9h-11zM13.5 9.5h4l3 3v3h-7" />
      <circle cx="6.5" cy="17.5" r="1.6" />
      <circle cx="17" cy="17.5" r="1.6" />
    </>
  ),
  done: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M8.2 12.3l2.6 2.6 5-5.3" />
    </>
  ),
  stopped: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </>
  ),
};

const iconOf: Record<OrderStatus, keyof typeof paths> = {
  pending: 'received',
  processing: 'preparing',
  shipped: 'delivering',
  delivered: 'done',
  completed: 'done',
  cancelled: 'stopped',
  refunded: 'stopped',
};

export function OrderStatusIcon({ status, ...props }: IconProps & { status: OrderStatus }) {
  return <Icon {...props}>{paths[iconOf[status]]}</Icon>;
}

export function PrinterIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 8.5V3.5h10v5M7 17.5H4.5v-7a2 2 0 0 1 2-2h11a2 2 0 0 1 2 2v7H17" />
      <path d="M7 14h10v6.5H7z" />
    </Icon>
  );
}

export function ShareIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="6" cy="12" r="2.3" />
      <circle cx="17.5" cy="6" r="2.3" />
      <circle cx="17.5" cy="18" r="2.3" />
      <path d="M8.1 10.9l7.3-3.8M8.1 13.1l7.3 3.8" />
    </Icon>
  );
}

/** Two overlapping sheets: copy to the clipboard. */
export function CopyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
      <path d="M15.5 8.5V6.5a2 2 0 00-2-2h-7a2 2 0 00-2 2v7a2 2 0 002 2h2" />
    </Icon>
  );
}

/** A wrapped box with a bow: the order is a gift. */
export function GiftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 10.5h16v10H4zM3 7.5h18v3H3zM12 7.5v13" />
      <path d="M12 7.5C10.5 4 7 4 7 6s3 1.5 5 1.5c2 0 5 .5 5-1.5s-3.5-2-5 1.5" />
    </Icon>
  );
}
