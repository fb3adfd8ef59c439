import type { User } from '@lectern/contracts';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/api/http';
import { ChangePasswordCard } from '@/components/account/change-password-card';
import { DeleteAccountCard } from '@/components/account/delete-account-card';
import { SessionsCard } from '@/components/account/sessions-card';
import { YourDataCard } from '@/components/account/your-data-card';
import { PlanCard } from '@/components/profile/plan-card';
import { UsageCard } from '@/components/profile/usage-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useLogout, useSession, useUpdateProfile } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { displayName, formatDate, initialOf } from '@/lib/format';

function ProfileForm({ user }: { user: User }) {
  const [name, setName] = useState(user.name ?? '');
  const updateProfile = useUpdateProfile();
  const logout = useLogout();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    updateProfile.mutate(
      { name: name.trim() },
      {
        onSuccess: () => toast({ title: 'Profile updated' }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to update profile'),
            variant: 'destructive',
          }),
      },
    );
  };

  const onLogout = () => logout.mutate();

  return (
    <Card>
      <CardHeader className="flex flex-row items-center gap-4">
        <span
          aria-hidden
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary text-2xl font-semibold text-primary-foreground"
        >
          {initialOf(user)}
        </span>
        <div className="min-w-0">
          <CardTitle className="truncate text-xl">{displayName(user)}</CardTitle>
          <CardDescription className="truncate">{user.email}</CardDescription>
        </div>
      </CardHeader>
      <form noValidate onSubmit={onSubmit}>
        <CardContent className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="profile-name">Name</Label>
            <Input
              id="profile-name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="profile-email">Email</Label>
            <Input
              id="profile-email"
              value={user.email}
              readOnly
              disabled
              aria-describedby="profile-email-help"
            />
            <p id="profile-email-help" className="text-xs text-muted-foreground">
              Email cannot be changed
            </p>
          </div>
          <p className="text-sm text-muted-foreground">Member since {formatDate(user.createdAt) ?? 'N/A'}</p>
        </CardContent>
        <CardFooter className="mt-6 flex-wrap justify-between gap-2">
          <Button type="submit" disabled={updateProfile.isPending}>
            {updateProfile.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
          <Button type="button" variant="outline" onClick={onLogout} disabled={logout.isPending}>
            Log Out
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

export default function ProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Profile</h1>
      <ProfileForm key={user.id} user={user} />
      <div className="grid gap-6 md:grid-cols-2">
        <PlanCard user={user} />
        <UsageCard />
      </div>
      <ChangePasswordCard email={user.email} />
      <div className="grid gap-6 md:grid-cols-2">
        <SessionsCard />
        <YourDataCard />
      </div>
      <DeleteAccountCard email={user.email} />
    </div>
  );
}
