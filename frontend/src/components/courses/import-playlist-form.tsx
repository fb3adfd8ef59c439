import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@/api/http';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useImportPlaylist } from '@/hooks/use-courses';
import { buildRoute } from '@/routes';

/** "Import a playlist": the course is made at once and opens, its lectures analysed one after another. */
export function ImportPlaylistForm() {
  const importPlaylist = useImportPlaylist();
  const navigate = useNavigate();
  const [playlistUrl, setPlaylistUrl] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    importPlaylist.mutate(playlistUrl, {
      onSuccess: (course) => void navigate(buildRoute.course(course.id)),
    });
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="leading-none font-semibold">Import a playlist</h2>
        <CardDescription>
          Every video of a YouTube playlist becomes a lecture, in the playlist&apos;s order.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit}>
          <div className="space-y-2">
            <Label htmlFor="playlist-url">Playlist link</Label>
            <Input
              id="playlist-url"
              type="url"
              placeholder="https://www.youtube.com/playlist?list=..."
              value={playlistUrl}
              onChange={(e) => setPlaylistUrl(e.target.value)}
              required
            />
          </div>
          {importPlaylist.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(importPlaylist.error, 'The playlist could not be imported. Please try again.')}
            </p>
          ) : null}
          <Button type="submit" disabled={importPlaylist.isPending}>
            {importPlaylist.isPending ? 'Importing...' : 'Import'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
