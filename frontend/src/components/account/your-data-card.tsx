import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useDownloadAccountData } from '@/hooks/use-account';

export function YourDataCard() {
  const download = useDownloadAccountData();
  return (
    <Card role="region" aria-labelledby="your-data-title">
      <CardHeader>
        <CardTitle id="your-data-title">Your data</CardTitle>
        <CardDescription>Take everything with you, whenever you like.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        One JSON file with your account, your library, transcripts, highlights, notes and AI content.
      </CardContent>
      <CardFooter>
        <Button variant="outline" onClick={() => download.mutate()} disabled={download.isPending}>
          <Download aria-hidden />
          {download.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
      </CardFooter>
    </Card>
  );
}
