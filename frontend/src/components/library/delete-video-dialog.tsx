import type { VideoSummary } from '@lectern/contracts';
import type { MouseEvent } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

export function DeleteVideoDialog({
  video,
  pending,
  onConfirm,
  onClose,
}: {
  video: VideoSummary | null;
  pending: boolean;
  onConfirm: (video: VideoSummary) => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog
      open={video !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete video?</AlertDialogTitle>
          <AlertDialogDescription>
            This action cannot be undone. This will permanently delete the video and all its data: its
            transcript, highlights, notes and AI content.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={pending}
            onClick={(event: MouseEvent) => {
              // Keep the dialog open until the delete answers.
              event.preventDefault();
              if (video) onConfirm(video);
            }}
          >
            {pending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
