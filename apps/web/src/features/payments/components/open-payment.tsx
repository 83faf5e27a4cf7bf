import { Anchor, type AnchorProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { usePaymentOpener } from '../../../lib/payment-param.ts';
import classes from './open-payment.module.css';

type Props = AnchorProps & { id: string; children: ReactNode; label?: string };

/** A link that opens a payment over the page (`?payment=<id>`): the keyboard's way into a row that opens on a click. */
export function OpenPaymentLink({ id, children, label, ...props }: Props) {
  const opener = usePaymentOpener();
  return (
    <Anchor component={Link} to={opener.to(id)} state={opener.state} aria-label={label} c="sente.8" {...props}>
      {children}
    </Anchor>
  );
}

/**
 * The props of a row or card that opens its payment on a click anywhere in it. A click on a control inside it (its
 * link, a button) is that control's; a click that ends a text selection selects. `className` is the row's own.
 */
export function usePaymentRow() {
  const opener = usePaymentOpener();
  return (id: string, className?: string) => ({
    className: className ? `${className} ${classes.row}` : classes.row,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if ((event.target as HTMLElement).closest('a, button, input')) return;
      if (window.getSelection()?.toString()) return;
      opener.open(id);
    },
  });
}
