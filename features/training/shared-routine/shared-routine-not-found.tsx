import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { RoutineIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { messages } from '@/lib/i18n/messages';

/**
 * A share link that is unknown or revoked (the backend answers both with 404): HTTP 404, with the
 * notice inside the shell and a way to the member's own routines.
 */
export function SharedRoutineNotFound() {
  return (
    <>
      <PageHeader title={messages.sharedRoutine.pageTitle} />
      <Card padding="lg">
        <EmptyState
          icon={<RoutineIcon />}
          title={messages.sharedRoutine.notFoundTitle}
          description={messages.sharedRoutine.notFoundBody}
          action={
            <ButtonLink href="/routine" variant="secondary" icon={<RoutineIcon />}>
              {messages.sharedRoutine.backToRoutines}
            </ButtonLink>
          }
        />
      </Card>
    </>
  );
}
