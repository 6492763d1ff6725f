import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { HomeIcon, UserIcon } from '@/components/ui/icons';
import { messages } from '@/lib/i18n/messages';

/** `/friendProfile/{id}` of a member who does not exist (or no longer does), inside the shell. */
export function MemberNotFound() {
  return (
    <Card padding="lg">
      <EmptyState
        icon={<UserIcon />}
        title={messages.friendProfile.notFoundTitle}
        description={messages.friendProfile.notFoundBody}
        action={
          <ButtonLink href="/" variant="secondary" icon={<HomeIcon />}>
            {messages.friendProfile.backHome}
          </ButtonLink>
        }
      />
    </Card>
  );
}
