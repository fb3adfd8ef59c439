import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useLogoutEverywhere } from '@/hooks/use-account';

export function SessionsCard() {
  const logoutEverywhere = useLogoutEverywhere();
  return (
    <Card role="region" aria-labelledby="sessions-card-title">
      <CardHeader>
        <CardTitle id="sessions-card-title">Sessions</CardTitle>
        <CardDescription>Signed in on a computer you no longer use, or lost a phone?</CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        Sign out everywhere ends every session of your account, this one included. You can log in again
        straight away.
      </CardContent>
      <CardFooter>
        <Button
          variant="outline"
          onClick={() => logoutEverywhere.mutate()}
          disabled={logoutEverywhere.isPending}
        >
          {logoutEverywhere.isPending ? 'Signing out...' : 'Sign out everywhere'}
        </Button>
      </CardFooter>
    </Card>
  );
}
