import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Plan, Role, SubscriptionStatus, User } from '@lectern/contracts';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Stored trimmed and lower-cased; a unique index on lower(email) guards case-insensitive uniqueness. */
  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  name!: string | null;

  @Column({ type: 'text', default: 'free' })
  plan!: Plan;

  @Column({ type: 'text', default: 'user' })
  role!: Role;

  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Billing columns are written by the billing worker only (services/billing). */
  @Column({ name: 'stripe_customer_id', type: 'text', nullable: true })
  stripeCustomerId!: string | null;

  @Column({ name: 'subscription_status', type: 'text', nullable: true })
  subscriptionStatus!: SubscriptionStatus | null;

  /** When Pro ends after a cancellation at period end; null while the subscription renews. */
  @Column({ name: 'pro_until', type: 'timestamptz', nullable: true })
  proUntil!: Date | null;
}

export function toUser(entity: UserEntity): User {
  return {
    id: entity.id,
    email: entity.email,
    name: entity.name,
    plan: entity.plan,
    role: entity.role,
    createdAt: entity.createdAt.toISOString(),
    subscriptionStatus: entity.subscriptionStatus ?? null,
    proUntil: entity.proUntil?.toISOString() ?? null,
  };
}
