// (found through -I, CPATH or compile_commands.json: never next to the .c files)
#ifndef SCALE
#error "SCALE is not defined (-DSCALE=2 or the compilation database)"
#endif
int scale(int x);
int bump(void);
extern int shared;
