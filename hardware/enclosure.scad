// Netclick enclosure: a tray for the Pico and a perfboard, and a lid with the OLED window and
// the buttons. All sizes in mm; change the variables to fit your parts.
//   openscad -o tray.stl -D 'part="tray"' enclosure.scad
//   openscad -o lid.stl  -D 'part="lid"'  enclosure.scad
// A display for each seat (hardware/README.md): the box lies flat between the players and the
// lid has a window at each long side, the second facing the player across. A module at the
// first's address lies turned round in its pocket (both pin headers toward the middle); one at
// 0x3D lies the same way round as the first and "rotation": 180 turns its picture:
//   openscad -o lid.stl  -D 'part="lid"' -D displays=2 enclosure.scad   (and the tray)

part = "both";          // "tray", "lid" or "both"
displays = 1;           // 1, or 2: a window for each seat

wall = 2;               // wall and floor thickness
// inside of the tray: length, width, height (wider with two displays: two modules side by side)
inner = [92, displays == 2 ? 72 : 58, 18];
corner = 4;             // outside corner radius

pico = [51, 21];        // Raspberry Pi Pico board
pico_standoff = 3;      // height of the Pico's standoffs
usb = [10, 5];          // micro-USB opening, width x height, centred on the Pico's short edge

oled_window = [26, 14]; // visible area of a 0.96" SSD1306 module
oled_board = [27.5, 27.8];
oled_margin = 3;        // from the inside of the wall to a module's pocket (clears the lid's lip)
// Centre of each OLED window on the lid, from the lid's left/bottom: one in the middle of the
// left half, or one near each long side (the first seat's at the bottom edge, the second's at
// the top, which the player across reads upright).
oled_edge = wall + oled_margin + oled_board[1] / 2;
oled_at = displays == 2
    ? [[24, oled_edge], [24, inner[1] + 2 * wall - oled_edge]]
    : [[24, (inner[1] + 2 * wall) / 2]];

button_hole = 7.2;      // round holes for 6x6 mm buttons with 3.5 mm caps (use 12.5 for 12x12)
dpad_at = [70, (inner[1] + 2 * wall) / 2];   // centre of the D-pad (OK): between both seats
dpad_step = 12;         // OK to UP/DOWN/LEFT/RIGHT
back_at = [86, 10];     // the optional BACK button

lip = 1.2;              // the lid's inner lip, for a push fit
tolerance = 0.3;

$fn = 48;

module rounded_box(size, r) {
    hull() {
        for (x = [r, size[0] - r], y = [r, size[1] - r])
            translate([x, y, 0]) cylinder(r = r, h = size[2]);
    }
}

module tray() {
    outside = [inner[0] + 2 * wall, inner[1] + 2 * wall, inner[2] + wall];
    difference() {
        rounded_box(outside, corner);
        translate([wall, wall, wall]) cube([inner[0], inner[1], inner[2] + 1]);
        // USB opening in the left wall, level with the Pico's connector
        translate([-1, wall + inner[1] / 2 - usb[0] / 2, wall + pico_standoff + 1.6])
            cube([wall + 2, usb[0], usb[1]]);
    }
    // standoffs for the Pico's 4 mounting holes (2.1 mm, 11.4 x 47 mm apart)
    for (x = [wall + 2 + 2, wall + 2 + 2 + 47], y = [0, 11.4])
        translate([x, wall + inner[1] / 2 - 5.7 + y, wall])
            difference() {
                cylinder(d = 5, h = pico_standoff);
                cylinder(d = 1.8, h = pico_standoff + 1);
            }
}

module lid() {
    outside = [inner[0] + 2 * wall, inner[1] + 2 * wall, wall];
    difference() {
        union() {
            rounded_box(outside, corner);
            // lip that fits inside the tray
            translate([wall + tolerance, wall + tolerance, wall])
                difference() {
                    cube([inner[0] - 2 * tolerance, inner[1] - 2 * tolerance, 3]);
                    translate([lip, lip, -1])
                        cube([inner[0] - 2 * tolerance - 2 * lip, inner[1] - 2 * tolerance - 2 * lip, 5]);
                }
        }
        // OLED windows
        for (at = oled_at)
            translate([at[0] - oled_window[0] / 2, at[1] - oled_window[1] / 2, -1])
                cube([oled_window[0], oled_window[1], wall + 5]);
        // D-pad: OK in the middle, UP/DOWN/LEFT/RIGHT around it
        for (d = [[0, 0], [0, 1], [0, -1], [-1, 0], [1, 0]])
            translate([dpad_at[0] + d[0] * dpad_step, dpad_at[1] + d[1] * dpad_step, -1])
                cylinder(d = button_hole, h = wall + 5);
        // BACK
        translate([back_at[0], back_at[1], -1]) cylinder(d = button_hole, h = wall + 5);
    }
    // a pocket that holds each OLED module's board under its window
    for (at = oled_at)
        translate([at[0] - oled_board[0] / 2 - 1, at[1] - oled_board[1] / 2 - 1, wall])
            difference() {
                cube([oled_board[0] + 2, oled_board[1] + 2, 2]);
                translate([1, 1, -1]) cube([oled_board[0], oled_board[1], 4]);
            }
}

if (part == "tray" || part == "both") tray();
if (part == "lid") lid();
if (part == "both") translate([0, inner[1] + 2 * wall + 10, 0]) lid();
