// An original lecture written for Lectern's benchmarks, delivered as speech-recognition captions: a history class
// on the French Revolution's first year. The text below is what the lecturer said, fillers and false starts
// included, punctuated as a careful listener would; the captions (lower case, no punctuation) are cut from it, and
// its true sentence ends are kept on the side.

export const FRENCH_REVOLUTION_TITLE = 'The French Revolution: How a Money Problem Became a Revolution';

export const FRENCH_REVOLUTION_TEXT = `
Okay, um, let's make a start. So last week we left France in the seventeen eighties, and I said the monarchy looked, you know, pretty solid from the outside. Today I want to show you how, in about a year, that whole system just came apart. And I want you to notice that it didn't start with ideas. It started with money.

So here's the problem. France had fought a lot of wars, and, uh, the most recent one was the American War of Independence. France helped the Americans, which was great for the Americans, but it was enormously expensive. By the late seventeen eighties, roughly half of the royal budget was going on interest payments. Half. Just on the debt. So the king, Louis the Sixteenth, needed new taxes, and he needed them fast.

Now, why couldn't he just raise taxes? Because of the way French society was organised. The kingdom was divided into three estates. The first estate was the clergy, the church. The second estate was the nobility. And the third estate was, well, everybody else, which was something like ninety seven percent of the population. Peasants, artisans, shopkeepers, but also lawyers, merchants, bankers. And here's the thing, the first two estates paid very little tax. So the people with the most land were the people who paid the least. Right? You can see the problem.

The king's ministers tried to, uh, tried to reform this. They proposed a land tax that everybody would pay, nobles included. And the nobles said no. And they said, if you want a new tax, you have to ask the nation. So in seventeen eighty eight the king agreed to call the Estates-General. The Estates-General was an assembly of representatives of all three estates, and it had not met since sixteen fourteen. So nobody alive had ever seen one. Nobody quite knew the rules.

And the rules mattered enormously. Um, traditionally each estate voted as a block, one vote each. So the clergy and the nobility could always outvote the third estate, two to one. The third estate said, look, we represent almost the whole country, we want the votes counted by head. And that argument, about how to count votes, is really where the revolution starts. I always tell students, if you remember one thing about seventeen eighty nine, remember that it began as a procedural fight.

There's a pamphlet from this time you should know about. Abbé Sieyès wrote it, and it's called What is the Third Estate? And his answer was, uh, everything. What has it been so far in the political order? Nothing. What does it want to be? Something. It sold tens of thousands of copies. It's short, it's angry, and honestly it's a great read, so if you have an evening, read it.

Okay. So the Estates-General meets at Versailles in May seventeen eighty nine. Weeks go by, and nothing gets done because of the voting dispute. In June, the third estate loses patience and declares itself the National Assembly. The National Assembly was the body the third estate created to speak for the whole nation, and it invited the other estates to join it. Some priests did. A few nobles did.

Then, a few days later, they turn up at their meeting hall and it's locked. Now, it was probably locked for, you know, for preparations for a royal session, but they assumed the worst. So they moved to a nearby indoor tennis court, and they swore an oath. The Tennis Court Oath was a promise by the deputies not to separate until they had written a constitution for France. And that's a big moment, because it says the authority to make a constitution comes from the nation, not from the king.

So what does the king do? He wavers. He gives in on some things, but at the same time he moves troops towards Paris. And Parisians are, uh, they're scared. Bread prices that summer were the highest in decades, because the harvest of seventeen eighty eight had been terrible. A family could spend more than half its income on bread. So you have hungry people, rumours of soldiers, and a political crisis, all at the same time.

On the fourteenth of July, crowds looking for gunpowder stormed the Bastille. The Bastille was a royal fortress and prison in Paris, and it was a symbol of royal power. Now, here's a fun fact that students always enjoy. When they took it, there were only seven prisoners inside. Seven. So it wasn't important as a prison. It was important as a symbol, and because of the gunpowder.

And then the countryside explodes. In the summer of seventeen eighty nine there's this wave of panic called the Great Fear. Peasants heard rumours that nobles were hiring bandits to destroy the crops, and they, um, they attacked manor houses and burned the records of their feudal dues. The Assembly is terrified this will spread, and on the night of the fourth of August, deputy after deputy stands up and gives up privileges. By the morning, feudalism in France had been abolished, at least on paper. On paper. The details took years.

Then, at the end of August, the Assembly adopts the Declaration of the Rights of Man and of the Citizen. The Declaration of the Rights of Man is a statement of principles saying that men are born free and equal in rights, and that sovereignty belongs to the nation. You can hear the American influence in it, and the influence of the philosophers of the Enlightenment too. But notice who's missing. Women are not included. Enslaved people in the French colonies are not included. Olympe de Gouges answered with a Declaration of the Rights of Woman, and, uh, people argued about this from the very beginning.

Okay, let me pull this together, because I know that was a lot of dates. Why did it happen? Debt, mostly from war. A tax system that exempted the rich. A fight over voting rules at the Estates-General. Hunger from a bad harvest. And a king who couldn't decide whether to compromise or to use force. None of those things alone would have done it. It's the combination. If you're writing an essay on causes, don't give me a list. Explain how one cause made the next one worse.

So for next week, here's what I'd like you to do. Read Sieyès, it's about thirty pages. Make a timeline of seventeen eighty nine, from May to the end of August, with one sentence on why each event mattered. And try to explain, in your own words, why the voting question was so explosive. If you can explain that, you understand the start of the revolution. Alright, thanks everyone, see you on Tuesday.
`.trim();
