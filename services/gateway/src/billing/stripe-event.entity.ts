import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A verified Stripe webhook event, stored before Stripe is answered and processed by the billing worker. */
@Entity({ name: 'stripe_events' })
export class StripeEventEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt!: Date;

  /** Set by the billing worker; a replayed event finds it set and changes nothing. */
  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true })
  processedAt!: Date | null;

  @Column({ type: 'text', nullable: true })
  outcome!: string | null;
}
