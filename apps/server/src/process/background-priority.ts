/**
 * The nice value (19, the lowest priority) of the work jobs hand to other processes and threads
 * (ffmpeg, the frame reader, the analysis and training threads): on a machine that also answers
 * people (the embedded server runs its jobs in-process), the kernel then gives the HTTP thread the
 * CPU first, and idle CPU still goes to the job. Processes are lowered with `lowerPriority` of
 * `@sarm/casa/node`.
 */
export const BACKGROUND_PRIORITY = 19;
