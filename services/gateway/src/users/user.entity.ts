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

  /** When the owner followed a confirmation link; null until then. */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;

  /** When an operator granted admin (`npm run admin -- grant`); null otherwise. */
  @Column({ name: 'admin_granted_at', type: 'timestamptz', nullable: true })
  adminGrantedAt!: Date | null;

  /** Raised to end every session of the account at once (see SessionSerializer). */
  @Column({ name: 'session_generation', type: 'integer', default: 0 })
  sessionGeneration!: number;

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
    emailVerified: entity.emailVerifiedAt !== null && entity.emailVerifiedAt !== undefined,
    createdAt: entity.createdAt.toISOString(),
    subscriptionStatus: entity.subscriptionStatus ?? null,
    proUntil: entity.proUntil?.toISOString() ?? null,
  };
}
