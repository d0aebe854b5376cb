# Every BUFFER/TBUFFER *_FORMAT_* of gfx9 (tests/sim/vmem_ops_format_test.cpp;
# generated from its kOps table, same order and registers).
buffer_load_format_x v64, v0, s[4:7], 0 idxen
buffer_load_format_xy v[66:67], v0, s[8:11], 0 idxen
buffer_load_format_xyz v[69:71], v0, s[12:15], 0 idxen
buffer_store_format_x v160, v0, s[16:19], 0 idxen
buffer_store_format_xy v[161:162], v0, s[20:23], 0 idxen
buffer_store_format_xyz v[163:165], v0, s[24:27], 0 idxen
tbuffer_load_format_x v73, v0, s[68:71], s72 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SINT] idxen
tbuffer_load_format_xy v[75:76], v0, s[68:71], s73 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UINT] idxen
tbuffer_load_format_xyz v[78:80], v0, s[68:71], s74 format:[BUF_DATA_FORMAT_32_32_32,BUF_NUM_FORMAT_UINT] idxen
tbuffer_load_format_xyzw v[82:85], v0, s[68:71], s75 format:[BUF_DATA_FORMAT_16_16_16_16,BUF_NUM_FORMAT_SINT] idxen
tbuffer_store_format_x v166, v0, s[68:71], s76 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_SINT] idxen
tbuffer_store_format_xy v[167:168], v0, s[68:71], s77 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SINT] idxen
tbuffer_store_format_xyz v[169:171], v0, s[68:71], s78 format:[BUF_DATA_FORMAT_32_32_32,BUF_NUM_FORMAT_FLOAT] idxen
tbuffer_store_format_xyzw v[172:175], v0, s[68:71], s79 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_UINT] idxen
buffer_load_format_d16_x v87, v0, s[28:31], 0 idxen
buffer_load_format_d16_xy v89, v0, s[32:35], 0 idxen
buffer_load_format_d16_xyz v[91:92], v0, s[36:39], 0 idxen
buffer_load_format_d16_xyzw v[94:95], v0, s[40:43], 0 idxen
buffer_store_format_d16_x v176, v0, s[44:47], 0 idxen
buffer_store_format_d16_xy v177, v0, s[48:51], 0 idxen
buffer_store_format_d16_xyz v[178:179], v0, s[52:55], 0 idxen
buffer_store_format_d16_xyzw v[180:181], v0, s[56:59], 0 idxen
tbuffer_load_format_d16_x v97, v0, s[68:71], s80 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT] idxen
tbuffer_load_format_d16_xy v99, v0, s[68:71], s81 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SINT] idxen
tbuffer_load_format_d16_xyz v[101:102], v0, s[68:71], s82 format:[BUF_DATA_FORMAT_16_16_16_16,BUF_NUM_FORMAT_UINT] idxen
tbuffer_load_format_d16_xyzw v[104:105], v0, s[68:71], s83 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_UINT] idxen
tbuffer_store_format_d16_x v182, v0, s[68:71], s84 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_UINT] idxen
tbuffer_store_format_d16_xy v183, v0, s[68:71], s85 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SINT] idxen
tbuffer_store_format_d16_xyz v[184:185], v0, s[68:71], s86 format:[BUF_DATA_FORMAT_32_32_32,BUF_NUM_FORMAT_FLOAT] idxen
tbuffer_store_format_d16_xyzw v[186:187], v0, s[68:71], s87 format:[BUF_DATA_FORMAT_16_16_16_16,BUF_NUM_FORMAT_UINT] idxen
buffer_load_format_d16_hi_x v107, v0, s[60:63], 0 idxen
buffer_store_format_d16_hi_x v188, v0, s[64:67], 0 idxen
s_waitcnt vmcnt(0)
s_endpgm
