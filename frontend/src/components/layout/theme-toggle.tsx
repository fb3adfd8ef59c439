import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { useTheme } from '@/hooks/use-theme';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <WithTooltip label={dark ? 'Switch to light theme' : 'Switch to dark theme'}>
      <Button variant="ghost" size="icon" aria-label="Toggle theme" aria-pressed={dark} onClick={toggleTheme}>
        {dark ? <Sun aria-hidden /> : <Moon aria-hidden />}
      </Button>
    </WithTooltip>
  );
}
