import { SharedRoutineNotFound } from '@/features/training/shared-routine/shared-routine-not-found';

/** An unknown or revoked share link: HTTP 404, with the notice inside the shell. */
export default SharedRoutineNotFound;
