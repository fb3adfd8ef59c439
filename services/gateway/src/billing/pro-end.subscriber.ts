import { type EntitySubscriberInterface, EventSubscriber } from 'typeorm';
import { UserEntity } from '../users/user.entity';

/** Pro paid until a cancellation date ends then: the loaded account says Free from that moment on. */
export function applyProEnd(user: UserEntity, now = Date.now()): void {
  if (user.plan === 'pro' && user.proUntil && user.proUntil.getTime() <= now) {
    user.plan = 'free';
    user.subscriptionStatus = 'canceled';
    user.proUntil = null;
  }
}

/**
 * Every read of an account applies its Pro end time, so no plan gate sees Pro a moment too long even before
 * the billing worker's downgrade at the period end has run (or while Stripe's own event is late).
 */
@EventSubscriber()
export class ProEndSubscriber implements EntitySubscriberInterface<UserEntity> {
  listenTo(): typeof UserEntity {
    return UserEntity;
  }

  afterLoad(user: UserEntity): void {
    applyProEnd(user);
  }
}
