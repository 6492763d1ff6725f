import { MemberNotFound } from '@/features/friends/profile/member-not-found';

/** An unknown member's profile: HTTP 404, with the member-specific notice inside the shell. */
export default MemberNotFound;
