import { analyzeVideo } from '../node/analyze-video.js';
import { resolveSettings } from '../settings.js';

// Child of the benchmark: analyse one video and print the peak resident set size in kB.
const video = process.argv[2];
if (video === undefined) throw new Error('usage: rss-child <video>');
await analyzeVideo(video, resolveSettings());
process.stdout.write(`${process.resourceUsage().maxRSS}\n`);
