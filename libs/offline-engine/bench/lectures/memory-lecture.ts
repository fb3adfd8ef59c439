// An original ten-minute lecture written for Lectern's tests and benchmarks: "How memory works, and how to study
// with it". Paragraphs are separated by blank lines; the caption builders cut it into segments.

export const LECTURE_TITLE = 'How Memory Works and How to Study With It';

export const LECTURE_TEXT = `
Good morning, everyone, and welcome back. Today we are going to talk about how memory works, and more importantly, how you can use that knowledge to study better. Most students spend hours rereading their notes, and most of that time is wasted. By the end of this lecture you will know why, and you will have a plan to fix it.

Let's start with a simple model. Encoding is the process of turning an experience into a memory trace. When you read a page or listen to a talk, your brain encodes some of that information, but only a fraction of it. Storage is the maintenance of that trace over time. Retrieval is the act of bringing a stored memory back into conscious thought. Every time you remember something, you are performing retrieval.

Here is the part that surprises people. Retrieval is not a neutral act of reading out a file. Retrieval changes the memory itself. When you successfully pull a fact out of memory, the trace becomes stronger and easier to find next time. Psychologists call this the testing effect. The testing effect is the finding that practising retrieval improves long-term retention more than studying the same material again.

In one classic kind of experiment, students read a short text about sea otters. Half of them read it four times. The other half read it once and then took three practice tests where they wrote down everything they could remember. Right after the session, the rereading group felt more confident and did slightly better. One week later, the practice test group remembered about fifty percent more. Feeling fluent is not the same as knowing.

That brings us to an important idea. Active recall is a study technique in which you test yourself instead of passively reviewing material. Flashcards are the most familiar form of active recall. Closing the book and writing a summary from memory is another. Explaining a concept out loud to an empty room is a third. The common thread is effort: you have to generate the answer rather than recognise it.

Why does effort matter so much? Robert Bjork coined the phrase desirable difficulties. A desirable difficulty is a challenge during learning that slows you down now but improves long-term performance. Struggling to recall an answer feels bad. It feels like failure. But that struggle is exactly the signal that the memory is being strengthened.

Now let's talk about forgetting. In the eighteen eighties, Hermann Ebbinghaus memorised lists of nonsense syllables and tested himself at different delays. He found that forgetting is fast at first and then slows down. The forgetting curve is a graph showing how quickly newly learned information is lost when there is no attempt to retain it. Within a day, you may lose more than half of what you learned in a single sitting.

The good news is that the forgetting curve flattens every time you review. Each successful retrieval resets the curve, and the next drop is slower than the one before. This is the foundation of spaced repetition. Spaced repetition is a method of reviewing material at increasing intervals, just before you are likely to forget it. You might review a new fact after one day, then after three days, then after a week, then after a month.

Compare that with cramming. Cramming is massed practice, where all the study happens in one long session right before the exam. Cramming can get you through tomorrow morning. It does very little for next month, and next month is when you need this material for the following course. The spacing effect is the finding that the same amount of study time produces better retention when it is spread out.

There is a third technique I want to mention, and it is called interleaving. Interleaving is mixing different topics or types of problems within one study session, instead of practising one type at a time. When you do ten problems of the same kind in a row, you never have to decide which method to use. Interleaving forces you to choose, and choosing is a skill the exam will test.

Let me also say a word about sleep. Consolidation is the process by which the brain stabilises new memories, much of it during sleep. Students who pull an all-nighter before an exam are sacrificing consolidation for a few extra hours of weak encoding. That is a bad trade.

So what should you actually do? Here is my advice. First, stop rereading as your main strategy. Rereading feels productive, but it mostly builds familiarity. Second, turn your notes into questions. After every lecture, write five to ten questions that the lecture answered, and put them on flashcards. Third, test yourself before you feel ready. You should attempt recall even when you expect to fail, because the failed attempt still helps.

Fourth, schedule your reviews. Use a calendar or a spaced repetition app, and review each card just before you would forget it. Make sure you space your sessions across days rather than stacking them into one evening. Fifth, mix your practice. When you prepare for a maths exam, shuffle problems from different chapters together. Sixth, protect your sleep, especially in the week before an exam.

Finally, explain what you learn to someone else. Teaching forces you to retrieve, organise and fill gaps. If you cannot explain an idea simply, you probably do not understand it yet. Don't wait until the end of term to discover that.

Let me summarise. Memory is built through encoding, storage and retrieval, and retrieval is itself a powerful learning event. Active recall beats rereading. Spaced repetition beats cramming. Interleaving beats blocked practice. Sleep is when much of the consolidation happens. None of these techniques are complicated, but all of them feel harder than what you are doing now. Trust the difficulty. Next week we will look at how attention limits encoding in the first place. Thank you, and see you then.
`.trim();
