/** The programs of DOMjudge's boolfind-test-loop in small (issue 39): both sides end up blocked on full pipes. */

/** Answers every line it reads with 1 KB, flushing each; never decides on its own. */
export const CHATTY_INTERACTOR = `#include <stdio.h>
#include <string.h>
int main(int argc, char** argv){
  char line[256], reply[1025]; memset(reply, 'x', 1023); reply[1023] = '\\n'; reply[1024] = 0;
  while (fgets(line, sizeof line, stdin)) { fputs(reply, stdout); fflush(stdout); }
  return 1;
}`;

/** Asks forever and never reads an answer. */
export const NEVER_READS = '#include <stdio.h>\nint main(void){ for(;;){ printf("READ 0\\n"); fflush(stdout); } }\n';
