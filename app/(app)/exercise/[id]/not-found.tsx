import { ExerciseNotFound } from '@/features/training/history/exercise-not-found';

/** An unknown or another member's exercise: HTTP 404, with the exercise notice inside the shell. */
export default ExerciseNotFound;
