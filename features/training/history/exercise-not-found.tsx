import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ExerciseIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { messages } from '@/lib/i18n/messages';

/**
 * `/exercise/{id}` of an exercise that does not exist or is another member's (the backend answers
 * both with 404): HTTP 404, with the notice inside the shell and a way back to the list.
 */
export function ExerciseNotFound() {
  return (
    <>
      <PageHeader title={messages.history.pageTitle} />
      <Card padding="lg">
        <EmptyState
          icon={<ExerciseIcon />}
          title={messages.history.notFoundTitle}
          description={messages.history.notFoundBody}
          action={
            <ButtonLink href="/exercise" variant="secondary" icon={<ExerciseIcon />}>
              {messages.history.backToList}
            </ButtonLink>
          }
        />
      </Card>
    </>
  );
}
