import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Plan, Role, User } from '@lectern/contracts';

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
}

export function toUser(entity: UserEntity): User {
  return {
    id: entity.id,
    email: entity.email,
    name: entity.name,
    plan: entity.plan,
    role: entity.role,
    createdAt: entity.createdAt.toISOString(),
  };
}
